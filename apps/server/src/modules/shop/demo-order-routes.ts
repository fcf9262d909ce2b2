import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  simulatedOrderRequestSchema,
  simulatedOrderResponseSchema,
  simulatedRefundRequestSchema,
  simulatedRefundResponseSchema,
  type ShopProductIds,
  type WooCommerceOrder,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import { limitedPublic } from '../../http/route-access.ts';
import type { ShopOrderIntake } from './intake.ts';
import { webhookSignature } from './signature.ts';
import { simulatedWooCommerceOrder, simulatedWooCommerceRefund } from './simulated-order.ts';
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
 * `POST /api/v1/shop/demo-order`: `/shop-demo`'s „Bestellung simulieren”, and `…/refund`: a refund
 * of an order it placed, in full or of some lines (decision 066). Registered outside
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
      const answer = await sendAsWebhook(order, options, request.log);
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

  app.post(
    '/shop/demo-order/refund',
    {
      config: limitedPublic,
      schema: {
        tags: ['shop'],
        summary:
          'Development only: a simulated refund (in full or of some lines) of an order /shop-demo placed, through the webhook as its order.updated',
        body: simulatedRefundRequestSchema,
        response: { 200: dataEnvelope(simulatedRefundResponseSchema) },
      },
    },
    async (request) => {
      const { cart, order: number, previous, lines } = request.body;
      const at = new Date();
      const paid = simulatedWooCommerceOrder(cart, {
        id: Number(number),
        productIds: options.productIds,
        paidAt: at,
      });
      const id = crypto.randomInt(FIRST_SIMULATED_ID, LAST_SIMULATED_ID);
      const reason = lines === null ? DEMO_FULL_REFUND_REASON : DEMO_PARTIAL_REFUND_REASON;
      const alreadyRefunded = previous.reduce((sum, refund) => sum + refund.gross, 0);
      const gross =
        lines === null
          ? Math.max(0, Math.round(Number(paid.total) * 100) - alreadyRefunded)
          : Math.round(
              Number(
                simulatedWooCommerceRefund(paid, {
                  id,
                  lines: lines.flatMap(({ sku, quantity }) => {
                    const line = paid.line_items!.find((item) => item.sku === sku);
                    return line
                      ? [{ lineItemId: line.id!, quantity: Math.min(quantity, line.quantity) }]
                      : [];
                  }),
                  reason,
                  at,
                }).amount,
              ) * 100,
            );
      const refund = { id, gross, reason };
      // What WooCommerce's order.updated says after a refund: every refund of the order, newest
      // first, with its amount as a negative decimal; the status `refunded` once all is given back.
      const refunded: WooCommerceOrder = {
        ...paid,
        status: lines === null ? 'refunded' : paid.status,
        date_modified_gmt: at.toISOString().slice(0, 19),
        refunds: [refund, ...previous].map((item) => ({
          id: item.id,
          reason: item.reason,
          total: (-item.gross / 100).toFixed(2),
        })),
      };
      const answer = await sendAsWebhook(refunded, options, request.log);
      return {
        data: {
          received: answer.received,
          order: number,
          orderGeneration: answer.orderGeneration ?? null,
          refund,
          full: lines === null,
        },
      };
    },
  );
};

/** The reasons the demo shop gives its refunds (WooCommerce keeps what staff typed). */
const DEMO_FULL_REFUND_REASON = 'Widerruf (simuliert)';
const DEMO_PARTIAL_REFUND_REASON = 'Teilerstattung (simuliert)';

/** The order signed with the webhook secret and handed to the webhook's own code, as WooCommerce would deliver it. */
function sendAsWebhook(order: WooCommerceOrder, options: ShopDemoRoutesOptions, log: FastifyBaseLogger) {
  const body = Buffer.from(JSON.stringify(order));
  return receiveWebhook(
    { body, signature: webhookSignature(body, options.webhookSecret), resource: 'order' },
    options.intake,
    options.webhookSecret,
    log,
  );
}
