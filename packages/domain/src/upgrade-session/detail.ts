import { z } from 'zod';
import { DELIVERIES, LICENSE_TYPES } from '../license/enums.ts';
import { holderDataSchema } from '../license/holder-data.ts';
import { upgradeSessionSchema } from './schema.ts';

/**
 * An extension's license before it grew (back-office spec §3 `beforeExtension`). Sessions
 * extended before the snapshot kept the license type and delivery have none.
 */
export const beforeExtensionSchema = z.object({
  properties: z.object({
    class: z.string(),
    type: z.enum(LICENSE_TYPES).optional(),
    size: z.int(),
    delivery: z.enum(DELIVERIES).optional(),
    dvdCount: z.int().nullable(),
  }),
  holder: holderDataSchema.nullable(),
});
export type BeforeExtension = z.infer<typeof beforeExtensionSchema>;

/**
 * An upgrade session as the back office sees it (back-office spec §3): the customer's view plus
 * the offer's code, token and document, the extension's state before, and the license produced.
 */
export const upgradeSessionDetailSchema = upgradeSessionSchema.extend({
  offerCode: z.string().nullable(),
  offerToken: z.string().nullable(),
  offerDocument: z.string().nullable(),
  beforeExtension: beforeExtensionSchema.nullable(),
  productLicense: z.uuid().nullable(),
});
export type UpgradeSessionDetail = z.infer<typeof upgradeSessionDetailSchema>;
