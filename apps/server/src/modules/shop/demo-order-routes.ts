import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  simulatedOrderRequestSchema,
  simulatedOrderResponseSchema,
  type ShopProductIds,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { ShopOrderIntake } from './intake.ts';
import { webhookSignature } from './signature.ts';
import { simulatedWooCommerceOrder } from './simulated-order.ts';
import { receiveWebhook } from './webhook.ts';

export interface ShopDemoRoutesOptions {
  intake: ShopOrderIntake;
  webhookSecret: string;
  productIds: ShopProductIds;
  /** No mail server: mails are written to the outbox (the answer says so, not where it is). */
  mailsInOutbox: boolean;
}

/** Order ids of simulated orders: far above a small shop's own, random so two runs never collide. */
const FIRST_SIMULATED_ID = 10_000_000;
const LAST_SIMULATED_ID = 2 ** 31 - 1;

/**
 * `POST /api/v1/shop/demo-order`: `/shop-demo`'s „Bestellung simulieren”. Registered outside
 * production only (app.ts), as the stand-in shop is a development tool: it turns the cart the
 * assistant handed over into the paid order WooCommerce would send, signs it with the webhook
 * secret and hands it to the webhook's own code, so the order takes the path of a real one.
 */
export const shopDemoRoutes: FastifyPluginAsyncZod<ShopDemoRoutesOptions> = async (app, options) => {
  app.post(
    '/shop/demo-order',
    {
      // Every simulated order makes licenses.
      config: limitedPublic,
      schema: {
        tags: ['shop'],
        summary: 'Development only: a simulated paid shop order of an assistant cart, through the webhook',
        body: simulatedOrderRequestSchema,
        response: { 200: dataEnvelope(simulatedOrderResponseSchema) },
      },
    },
    async (request) => {
      const cart = request.body;
      const order = simulatedWooCommerceOrder(cart, {
        id: crypto.randomInt(FIRST_SIMULATED_ID, LAST_SIMULATED_ID),
        productIds: options.productIds,
        paidAt: new Date(),
      });
      const body = Buffer.from(JSON.stringify(order));
      const answer = await receiveWebhook(
        { body, signature: webhookSignature(body, options.webhookSecret), resource: 'order' },
        options.intake,
        options.webhookSecret,
        request.log,
      );
      return {
        data: {
          // A paid order is always created or known: the webhook answers nothing else for it.
          received: answer.received as 'created' | 'known',
          order: answer.order!,
          orderGeneration: answer.orderGeneration!,
          email: cart.billing.email,
          mailsInOutbox: options.mailsInOutbox,
        },
      };
    },
  );
};
