import { z } from 'zod';
import { DELIVERY_PROGRESSES } from '../delivery/delivery.ts';
import { orderRefundSchema, WITHDRAWALS } from '../shop-order/refunds.ts';

/** One product line of the shop order an order generation processes, as the shop sent it. */
export const orderProductSchema = z.object({
  id: z.number().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  productId: z.number().nullable(),
  variationId: z.number().nullable(),
  quantity: z.int(),
});
export type OrderProduct = z.infer<typeof orderProductSchema>;

/** An amount in cents: net, tax and gross. */
const amountsSchema = z.object({ net: z.int(), tax: z.int(), gross: z.int() });

/**
 * What the order paid and what the portal asks for the same lines (decision 060), in cents of
 * `currency`: the order's totals as the shop states them (with goods of the shop and shipping),
 * its coupons, what its lines of the portal were paid (`paid`) and the portal's price of them
 * (`portal`, as the assistant priced the session); null where unknown.
 */
export const orderPaymentSchema = z.object({
  currency: z.string().nullable(),
  orderGross: z.int().nullable(),
  orderTax: z.int().nullable(),
  discount: z.int().nullable(),
  coupons: z.array(z.object({ code: z.string(), discount: z.int().nullable() })),
  paid: amountsSchema.nullable(),
  portal: amountsSchema.nullable(),
  /** The order's refunds (decision 066), oldest first, and their sum (null without refunds). */
  refunds: z.array(orderRefundSchema),
  refunded: amountsSchema.nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/**
 * An order generation as the API returns it (back-office spec, entity Order generation): what one
 * paid shop order became — licenses, documents, deliveries — and how far that got.
 */
export const orderGenerationSchema = z.object({
  _id: z.uuid(),
  /** The shop's order number. */
  order: z.string(),
  /** The shop's id of the order (its admin page), when known. */
  shopOrderId: z.number().nullable(),
  progress: z.enum(DELIVERY_PROGRESSES),
  deliver: z.boolean(),
  upgradeSession: z.uuid().nullable(),
  licenses: z.array(z.uuid()),
  note: z.string().nullable(),
  error: z.string().nullable(),
  products: z.array(orderProductSchema),
  payment: orderPaymentSchema,
  /** „Betrag weicht ab”: another currency, or paid other than the portal's price without a coupon. */
  amountDiffers: z.boolean(),
  /** „Doppelt bezahlt?”: the order that bought the generation's session first. */
  paidTwiceFor: z.string().nullable(),
  /** What staff still have to do about the order's refunds (decision 066); null without refund. */
  withdrawal: z.enum(WITHDRAWALS).nullable(),
  /** The shop's status when it withdrew the whole order (refunded, cancelled), and since when. */
  withdrawnStatus: z.string().nullable(),
  withdrawnAt: z.iso.datetime().nullable(),
  /** Why the lines of its refunds could not be asked of the shop (German); null when they were, or are on their way. */
  refundLinesProblem: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OrderGeneration = z.infer<typeof orderGenerationSchema>;

/** What „Bestellung rückabwickeln” did to one license (decision 066). */
export const ORDER_UNDO_ACTIONS = ['disabled', 'reactivated', 'restored'] as const;

/**
 * `POST /api/v1/order-generation/{id}/undo`: the generation afterwards, the licenses changed
 * (disabled; an update's original reactivated; an extension restored) and those left as they
 * are with the reason (changed since). Undoing again changes nothing and lists nothing changed.
 */
export const orderUndoSchema = z.object({
  orderGeneration: orderGenerationSchema,
  changed: z.array(z.object({ license: z.uuid(), key: z.string(), action: z.enum(ORDER_UNDO_ACTIONS) })),
  notUndone: z.array(z.object({ license: z.uuid(), key: z.string(), reason: z.string() })),
  /** The licenses that correspond to the lines the refunds returned (the dialog preselects them). */
  refundedLicenses: z.array(z.uuid()),
  /** A preview (`dryRun`): what the undo would do, computed by the same code and rolled back. */
  dryRun: z.boolean(),
});
export type OrderUndo = z.infer<typeof orderUndoSchema>;

/** Which licenses to undo: all the order made or changed (a full refund), or those staff picked (a partial one). */
export const orderUndoRequestSchema = z.strictObject({
  licenses: z.array(z.uuid()).min(1).max(10_000).optional(),
  /** Only say what the undo would do (the confirmation dialog): the same undo, rolled back. */
  dryRun: z.boolean().optional(),
});
