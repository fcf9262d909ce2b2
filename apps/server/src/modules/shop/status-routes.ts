import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IGNORED_SHOP_ORDERS_SHOWN,
  ignoredShopOrderSchema,
  shopReconciliationSchema,
  type IgnoredShopOrder,
} from '@lizenzportal/domain';
import { dataEnvelope } from '../../http/envelope.ts';
import type { Guards } from '../../http/guards.ts';
import { reconciliationStatus } from './reconciliation.ts';
import type { ShopIgnoredOrderRow, ShopRecordRepository } from './repository.ts';

export interface ShopStatusRoutesOptions {
  records: ShopRecordRepository;
  /** The shop's REST credentials are configured: the reconciliation runs. */
  reconciliationConfigured: boolean;
  startedAt: Date;
  guards: Guards;
}

function toIgnoredShopOrder(row: ShopIgnoredOrderRow): IgnoredShopOrder {
  return {
    order: row.order_number,
    shopOrderId: row.shop_order_id,
    status: row.status,
    lines: row.lines as IgnoredShopOrder['lines'],
    receivedAt: row.created_at.toISOString(),
  };
}

/**
 * What staff see of the shop beside the order generations (decision 030): the reconciliation's
 * state (the back office's notice when it fails; the metrics read the same record) and the paid
 * orders the portal left to the shop, for answering a customer who asks.
 */
export const shopStatusRoutes: FastifyPluginAsyncZod<ShopStatusRoutesOptions> = async (app, options) => {
  const { records, guards } = options;

  app.get(
    '/shop/reconciliation',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['shop'],
        summary: 'The shop reconciliation: last run, last success, and why it fails (admin)',
        response: { 200: dataEnvelope(z.object({ reconciliation: shopReconciliationSchema })) },
      },
    },
    async () => ({
      data: {
        reconciliation: reconciliationStatus(await records.reconciliation(), {
          configured: options.reconciliationConfigured,
          startedAt: options.startedAt,
          now: new Date(),
        }),
      },
    }),
  );

  app.get(
    '/shop/ignored-order',
    {
      preHandler: guards.admin,
      schema: {
        tags: ['shop'],
        summary: 'Paid shop orders without a product of the portal, newest first, or found by number (admin)',
        querystring: z.strictObject({ search: z.string().trim().max(100).optional() }),
        response: { 200: dataEnvelope(z.object({ ignoredOrders: z.array(ignoredShopOrderSchema) })) },
      },
    },
    async (request) => {
      const rows = await records.ignoredOrders({
        search: request.query.search,
        limit: IGNORED_SHOP_ORDERS_SHOWN,
      });
      return { data: { ignoredOrders: rows.map(toIgnoredShopOrder) } };
    },
  );
};
