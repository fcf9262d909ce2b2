import { z } from 'zod';
import { toShopOrder, wooCommerceOrderSchema } from '@lizenzportal/domain';
import { AppError } from '../../lib/app-error.ts';
import type { ShopOrderIntake } from './intake.ts';
import { isValidWebhookSignature } from './signature.ts';

/** The unsigned form WooCommerce posts when a webhook is saved: `webhook_id=12`. */
const PING = /^webhook_id=\d{1,20}$/;

export const webhookAnswerSchema = z.object({
  received: z.enum(['ping', 'ignored', 'created', 'known', 'noted', 'not-paid']),
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
}

/**
 * What the shop webhook does with a delivery, for the route and for `/shop-demo`'s simulated
 * orders alike: the signature is checked over exactly the bytes received before anything is
 * parsed, then the order goes to the intake.
 */
export async function receiveWebhook(
  delivery: WebhookDelivery,
  intake: ShopOrderIntake,
  secret: string,
): Promise<WebhookAnswer> {
  const { body, signature, resource } = delivery;
  if (!isValidWebhookSignature(body, signature, secret)) {
    if (signature === undefined && PING.test(body.toString('latin1'))) {
      return { received: 'ping', order: null, orderGeneration: null };
    }
    throw new AppError('WEBHOOK_SIGNATURE_INVALID');
  }
  if (resource !== undefined && resource !== 'order') {
    return { received: 'ignored', order: null, orderGeneration: null };
  }
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new AppError('MALFORMED_JSON');
  }
  const parsed = wooCommerceOrderSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', undefined, { cause: parsed.error });
  const order = toShopOrder(parsed.data);
  const { outcome, orderGeneration } = await intake.receive(order);
  return { received: outcome, order: order.number, orderGeneration };
}
