import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toShopOrder, wooCommerceOrderSchema } from '@lizenzportal/domain';
import { AppError } from '../../http/app-error.ts';
import { dataEnvelope } from '../../http/envelope.ts';
import type { ShopOrderIntake } from './intake.ts';
import { isValidWebhookSignature } from './signature.ts';

/** The unsigned form WooCommerce posts when a webhook is saved: `webhook_id=12`. */
const PING = /^webhook_id=\d{1,20}$/;

const webhookAnswerSchema = z.object({
  received: z.enum(['ping', 'ignored', 'created', 'known', 'noted', 'not-paid']),
  order: z.string().nullable(),
  orderGeneration: z.uuid().nullable(),
});

/**
 * `POST /api/v1/shop/webhook`: WooCommerce's order webhooks. The body is read as raw bytes (this
 * route only), the signature checked over exactly those bytes before anything is parsed; the
 * answer comes as soon as the order is stored, the generation runs as a job.
 */
export const shopRoutes: FastifyPluginAsyncZod<{ intake: ShopOrderIntake; webhookSecret: string }> = async (
  app,
  { intake, webhookSecret },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/shop/webhook',
    {
      config: { access: 'signature' },
      schema: {
        tags: ['shop'],
        summary: 'WooCommerce order webhook, signed with X-WC-Webhook-Signature (the shop only)',
        response: { 200: dataEnvelope(webhookAnswerSchema) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-wc-webhook-signature'];
      if (
        !isValidWebhookSignature(body, typeof signature === 'string' ? signature : undefined, webhookSecret)
      ) {
        if (signature === undefined && PING.test(body.toString('latin1'))) {
          return { data: { received: 'ping' as const, order: null, orderGeneration: null } };
        }
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const resource = request.headers['x-wc-webhook-resource'];
      if (resource !== undefined && resource !== 'order') {
        return { data: { received: 'ignored' as const, order: null, orderGeneration: null } };
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
      return { data: { received: outcome, order: order.number, orderGeneration } };
    },
  );
};
