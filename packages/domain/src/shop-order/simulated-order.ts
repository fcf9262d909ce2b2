import { z } from 'zod';
import { SKUS } from '../pricing/products.ts';
import { billingDraftSchema } from '../upgrade-session/address.ts';
import { MAX_RESELLER_LICENSES, MAX_RESELLER_QUANTITY, PURCHASE_TYPES } from '../upgrade-session/enums.ts';

/**
 * `/shop-demo`'s „Bestellung simulieren” (development only): the cart the assistant handed over
 * (`add_to_cart`), its billing completed by the checkout with a name and an e-mail address.
 */
export const simulatedOrderRequestSchema = z.strictObject({
  products: z
    .array(
      z.object({
        sku: z.enum(SKUS),
        quantity: z.int().min(1).max(MAX_RESELLER_QUANTITY),
        licenseUid: z.string().min(1).max(100).optional(),
        customerReference: z.string().max(100).optional(),
        licenseSize: z.int().min(1).max(MAX_RESELLER_QUANTITY).optional(),
      }),
    )
    .min(1)
    .max(MAX_RESELLER_LICENSES * 2),
  sessionId: z.uuid().nullable(),
  sessionToken: z.string().min(1).max(2000).nullable(),
  offerToken: z.string().min(1).max(2000).nullable(),
  billing: billingDraftSchema.required({ name: true, email: true }),
  purchaseType: z.enum(PURCHASE_TYPES),
});
export type SimulatedOrderRequest = z.input<typeof simulatedOrderRequestSchema>;

export const simulatedOrderResponseSchema = z.object({
  received: z.enum(['created', 'known']),
  order: z.string(),
  orderGeneration: z.uuid(),
  /** Where the documents go. */
  email: z.string(),
  /** The directory the mails are written to, when there is no mail server (development). */
  outbox: z.string().nullable(),
});
export type SimulatedOrderResponse = z.infer<typeof simulatedOrderResponseSchema>;
