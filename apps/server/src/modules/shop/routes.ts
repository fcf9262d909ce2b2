import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope } from '../../http/envelope.ts';
import type { ShopOrderIntake } from './intake.ts';
import { receiveWebhook, webhookAnswerSchema } from './webhook.ts';

const header = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * `POST /api/v1/shop/webhook`: WooCommerce's order webhooks. The body is read as raw bytes (this
 * route only), the signature checked over exactly those bytes before anything is parsed; the
 * answer comes as soon as the order is stored, the generation runs as a job. Every correctly
 * signed delivery gets a 2xx unless the portal failed (see `receiveWebhook`).
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
      config: { access: 'shopSignature' },
      schema: {
        tags: ['shop'],
        summary: 'WooCommerce order webhook, signed with X-WC-Webhook-Signature (the shop only)',
        response: { 200: dataEnvelope(webhookAnswerSchema) },
      },
    },
    async (request) => {
      const delivery = {
        body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: header(request.headers['x-wc-webhook-signature']),
        resource: header(request.headers['x-wc-webhook-resource']),
        topic: header(request.headers['x-wc-webhook-topic']),
        deliveryId: header(request.headers['x-wc-webhook-delivery-id']),
      };
      return { data: await receiveWebhook(delivery, intake, webhookSecret, request.log) };
    },
  );
};
