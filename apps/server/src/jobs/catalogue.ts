import { LICENSE_DOCUMENT_TYPES, recordIdSchema } from '@lizenzportal/domain';
import { z } from 'zod';

/** A kind of job: the name of its queue and the payload its senders and its worker agree on. */
export interface JobKind<Payload extends object = object> {
  readonly name: string;
  readonly payload: z.ZodType<Payload>;
}

function job<Payload extends object>(name: string, payload: z.ZodType<Payload>): JobKind<Payload> {
  return { name, payload };
}

/**
 * Every job of the portal, by name and payload (decision 031): what a module may send to another
 * without importing it. The handlers stay in their modules (`jobs.ts` there); the queue checks
 * each payload against its schema where it is sent and again where it is worked.
 */
export const JOBS = {
  /** Stores a license's document unless it exists (documents). */
  generateDocument: job(
    'generate-document',
    z.strictObject({ licenseId: recordIdSchema, kind: z.enum(LICENSE_DOCUMENT_TYPES) }),
  ),
  /** Sends one delivery's mail with its documents (deliveries). */
  sendDelivery: job('send-delivery', z.strictObject({ deliveryId: recordIdSchema })),
  /** Marks a delivery failed after the last try of its sending (deliveries; dead letter of `sendDelivery`). */
  deliveryFailed: job('delivery-failed', z.strictObject({ deliveryId: recordIdSchema })),
  /** Mails the license documents of an address's bound licenses (deliveries). */
  recoverLicenses: job('recover-licenses', z.strictObject({ email: z.string().min(1) })),
  /** Creates the licenses of a shop order (order-generations). */
  generateOrder: job('generate-order', z.strictObject({ orderGenerationId: recordIdSchema })),
  /** Marks a generation failed after its last try (order-generations; dead letter of `generateOrder`). */
  orderGenerationFailed: job(
    'order-generation-failed',
    z.strictObject({ orderGenerationId: recordIdSchema }),
  ),
  /** Expires an offer once its validity is over (upgrade-sessions). */
  expireOffer: job('expire-offer', z.strictObject({ sessionId: recordIdSchema })),
  /** Asks the shop for orders whose webhook never arrived (shop). */
  reconcileShopOrders: job('reconcile-shop-orders', z.strictObject({})),
  /** Fetches which lines an order's refunds returned from the shop's REST API (shop, decision 066). */
  fetchRefundLines: job('fetch-refund-lines', z.strictObject({ orderGenerationId: recordIdSchema })),
  /** Says on the generation that the refund lines could not be fetched, after the last try (shop; dead letter of `fetchRefundLines`). */
  refundLinesFailed: job('refund-lines-failed', z.strictObject({ orderGenerationId: recordIdSchema })),
  /** Runs the dry run or the import asked for an uploaded file (license-import, decision 061). */
  importLicenses: job('import-licenses', z.strictObject({ uploadId: recordIdSchema })),
  /** Removes personal data past their retention, daily (privacy, decision 064). */
  removeExpiredPersonalData: job('remove-expired-personal-data', z.strictObject({})),
} as const;
