import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { toShopOrder, wooCommerceOrderSchema } from '@lizenzportal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { ShopOrderIntake } from './intake.ts';
import { isValidWebhookSignature } from './signature.ts';

/** The unsigned form WooCommerce posts when a webhook is saved: `webhook_id=12`. */
const PING = /^webhook_id=\d{1,20}$/;

/** What WooCommerce sends for a deleted (or restored) order: its id alone. */
const idOnlySchema = z.strictObject({ id: z.int() });

export const webhookAnswerSchema = z.object({
  received: z.enum(['ping', 'ignored', 'unreadable', 'created', 'known', 'noted', 'not-paid']),
  order: z.string().nullable(),
  orderGeneration: z.uuid().nullable(),
});
export type WebhookAnswer = z.infer<typeof webhookAnswerSchema>;

/** One webhook delivery as it arrived: the raw body bytes and the headers that matter. */
export interface WebhookDelivery {
  body: Buffer;
  signature: string | undefined;
  /** `X-WC-Webhook-Resource`: `order` for order webhooks. */
  resource: string | undefined;
  /** `X-WC-Webhook-Topic` (`order.updated`, `order.deleted`, …) and `X-WC-Webhook-Delivery-ID`, for the log. */
  topic?: string | undefined;
  deliveryId?: string | undefined;
}

const nothing = (received: 'ping' | 'ignored' | 'unreadable'): WebhookAnswer => ({
  received,
  order: null,
  orderGeneration: null,
});

/**
 * What the shop webhook does with a delivery, for the route and for `/shop-demo`'s simulated
 * orders alike: the signature is checked over exactly the bytes received before anything is
 * parsed, then the order goes to the intake.
 *
 * Every correctly signed delivery is answered 2xx unless the portal itself failed: WooCommerce
 * disables a webhook after more than five non-2xx answers in a row, and then no order would
 * arrive but through the reconciliation. So another resource, a deleted order (its id alone) and
 * a body that is no readable order are answered without changing anything; the last is logged,
 * and the reconciliation reads the order from the shop itself.
 */
export async function receiveWebhook(
  delivery: WebhookDelivery,
  intake: ShopOrderIntake,
  secret: string,
  log: FastifyBaseLogger,
): Promise<WebhookAnswer> {
  const { body, signature, resource, topic, deliveryId } = delivery;
  if (!isValidWebhookSignature(body, signature, secret)) {
    if (signature === undefined && PING.test(body.toString('latin1'))) return nothing('ping');
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  if (resource !== undefined && resource !== 'order') return nothing('ignored');
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (error) {
    log.warn({ deliveryId, topic, reason: (error as Error).message }, 'signed shop delivery is no JSON');
    return nothing('unreadable');
  }
  const idOnly = idOnlySchema.safeParse(json);
  if (idOnly.success) {
    log.info({ deliveryId, topic, shopOrderId: idOnly.data.id }, 'shop order notice without the order');
    return nothing('ignored');
  }
  const parsed = wooCommerceOrderSchema.safeParse(json);
  if (!parsed.success) {
    log.warn(
      { deliveryId, topic, reason: z.prettifyError(parsed.error) },
      'signed shop delivery is no readable order',
    );
    return nothing('unreadable');
  }
  const order = toShopOrder(parsed.data);
  const { outcome, orderGeneration } = await intake.receive(order);
  return { received: outcome, order: order.number, orderGeneration };
}
