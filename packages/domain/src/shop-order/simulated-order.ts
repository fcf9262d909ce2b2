import { z } from 'zod';
import { shopDemoMessages } from '../messages/shop-demo.ts';
import { licenseRuleMessages } from '../messages/validation.ts';
import { PRODUCTS, SKUS, type ShopProduct } from '../pricing/products.ts';
import { billingDraftSchema } from '../upgrade-session/address.ts';
import {
  MAX_RESELLER_LICENSES,
  MAX_RESELLER_QUANTITY,
  MAX_SEATS,
  PURCHASE_TYPES,
} from '../upgrade-session/enums.ts';

/**
 * Why a shop page cannot price the cart it received, or null: a reseller line (one with its
 * license's uid) must name its license's size, the quantity its volume price is read at.
 */
export function shopCartProblem(
  products: readonly Pick<ShopProduct, 'licenseUid' | 'licenseSize'>[],
): string | null {
  const unsized = products.some(
    (product) =>
      product.licenseUid !== undefined &&
      !(Number.isInteger(product.licenseSize) && product.licenseSize! >= 1),
  );
  return unsized ? shopDemoMessages.resellerLineWithoutSize : null;
}

type SimulatedProduct = Pick<ShopProduct, 'sku' | 'quantity' | 'licenseUid' | 'licenseSize'>;

/**
 * No more than an assistant cart holds, so one simulated order cannot make more licenses than
 * a real one: a reseller cart at most its number of license lines (each line's licenses are
 * bounded by its schema and its session); any other cart one license as the assistant sells it —
 * each product once, its seats within the assistant's range, a personal license one seat.
 */
function checkAssistantCart(
  request: { products: SimulatedProduct[]; purchaseType: (typeof PURCHASE_TYPES)[number] },
  context: z.core.$RefinementCtx,
): void {
  const issue = (path: (string | number)[], message: string) =>
    context.addIssue({ code: 'custom', path, message });
  const { products } = request;
  const unsized = products.findIndex((product) => shopCartProblem([product]) !== null);
  if (unsized >= 0) issue(['products', unsized, 'licenseSize'], shopDemoMessages.resellerLineWithoutSize);
  if (request.purchaseType === 'reseller') {
    if (new Set(products.map((product) => product.licenseUid)).size > MAX_RESELLER_LICENSES) {
      issue(['products'], shopDemoMessages.tooManyResellerLicenses(MAX_RESELLER_LICENSES));
    }
    return;
  }
  const licenseLines = products.filter((product) => PRODUCTS[product.sku].productType === 'license');
  const seats = licenseLines.reduce((sum, product) => sum + product.quantity, 0);
  if (new Set(products.map((product) => product.sku)).size < products.length || seats > MAX_SEATS) {
    issue(['products'], shopDemoMessages.oneLicensePerCart(MAX_SEATS));
  }
  const personal = products.findIndex(
    (product) => PRODUCTS[product.sku].class === 'personal' && product.quantity > 1,
  );
  if (personal >= 0) issue(['products', personal, 'quantity'], licenseRuleMessages.personalIsOneSeat);
}

/**
 * `/shop-demo`'s „Bestellung simulieren” (development only): the cart the assistant handed over
 * (`add_to_cart`), its billing completed by the checkout with a name and an e-mail address.
 */
export const simulatedOrderRequestSchema = z
  .strictObject({
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
    /** The cart the portal signed (decision 065): the shop keeps it in the order's meta data. */
    cartToken: z.string().min(1).max(20_000).nullable().optional(),
    billing: billingDraftSchema.required({ name: true, email: true }),
    purchaseType: z.enum(PURCHASE_TYPES),
  })
  .superRefine(checkAssistantCart);
export type SimulatedOrderRequest = z.input<typeof simulatedOrderRequestSchema>;

export const simulatedOrderResponseSchema = z.object({
  received: z.enum(['created', 'known']),
  order: z.string(),
  orderGeneration: z.uuid(),
  /** Where the documents go. */
  email: z.string(),
  /** No mail server: the mails are written to the outbox under the data directory (development). */
  mailsInOutbox: z.boolean(),
});
export type SimulatedOrderResponse = z.infer<typeof simulatedOrderResponseSchema>;

/**
 * `/shop-demo`'s simulated refund of an order it placed (development only): the order's cart and
 * number as its simulation answered, the refunds the demo shop made of it before (WooCommerce
 * lists every refund on the order), and what to refund now — `lines` of the order (a partial
 * refund) or null: the rest of the order, its status `refunded`.
 */
export const simulatedRefundRequestSchema = z.strictObject({
  cart: simulatedOrderRequestSchema,
  order: z.string().regex(/^\d{1,10}$/),
  previous: z
    .array(z.strictObject({ id: z.int().min(1), gross: z.int().min(0), reason: z.string().max(200) }))
    .max(50),
  lines: z
    .array(z.strictObject({ sku: z.enum(SKUS), quantity: z.int().min(1).max(MAX_RESELLER_QUANTITY) }))
    .min(1)
    .max(MAX_RESELLER_LICENSES * 2)
    .nullable(),
});
export type SimulatedRefundRequest = z.input<typeof simulatedRefundRequestSchema>;

export const simulatedRefundResponseSchema = z.object({
  /** What the portal made of the order's `order.updated`: `noted` for a generation it knows. */
  received: z.string(),
  order: z.string(),
  orderGeneration: z.uuid().nullable(),
  /** The refund the demo shop made, as it lists it from now on. */
  refund: z.object({ id: z.int(), gross: z.int(), reason: z.string() }),
  /** The whole order is refunded (its status `refunded`). */
  full: z.boolean(),
});
export type SimulatedRefundResponse = z.infer<typeof simulatedRefundResponseSchema>;
