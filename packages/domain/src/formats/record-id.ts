import { z } from 'zod';

/**
 * The id of a record (license, delivery, …) as a client sends it: a UUID in any case, normalized
 * to the lower case the database writes, so that every comparison after the edge is exact.
 */
export const recordIdSchema = z.uuid().toLowerCase();
