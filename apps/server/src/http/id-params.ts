import { z } from 'zod';
import { recordIdSchema } from '@lizenzportal/domain';

/** `/…/:id` of a record: a UUID in any case, lower-cased at the edge (as the database writes it). */
export const idParams = z.strictObject({ id: recordIdSchema });
