/**
 * The lines of a partial refund (decision 066): the order's `order.updated` names the refund's id
 * and amount only; the portal asks the shop's `/orders/{id}/refunds` (a real HTTP server answering
 * as WooCommerce does, OAuth-signed) by a job, keeps the lines on the generation and preselects
 * the licenses they paid for in the undo's preview. The jobs are run by the test (`WORKER` off).
 */
import { sql } from 'kysely';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { refundLinesMessages, shopReconciliationMessages, type WooCommerceOrder } from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { queuedJobs } from '../../test/database.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import { webhookSignature } from './signature.ts';
import { simulatedWooCommerceRefund } from './simulated-order.ts';
import { pricedOrder } from './test-orders.ts';
import { startTestShop, TEST_SHOP_KEY } from './test-shop.ts';

const SECRET = 'refund-lines-test';
const shop = await startTestShop();
afterAll(() => shop.close());

const ctx = useTestApp({
  SHOP_URL: shop.url,
  SHOP_API_KEY: TEST_SHOP_KEY.key,
  SHOP_API_SECRET: TEST_SHOP_KEY.secret,
  SHOP_WEBHOOK_SECRET: SECRET,
});

beforeEach(() => {
  shop.orders = [];
  shop.refunds = {};
  shop.requests = [];
  shop.failWith = null;
});

async function deliver(order: WooCommerceOrder) {
  const body = JSON.stringify(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': 'order.updated',
      'x-wc-webhook-signature': webhookSignature(body, SECRET),
    },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { received: string; orderGeneration: string };
}

async function adminPost(url: string, payload: Record<string, unknown>) {
  const response = await ctx.app.inject({ method: 'POST', url, headers: await ctx.adminHeaders(), payload });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const generation = (id: string) => ctx.app.services.orderGenerations.get(id);
const fetchLines = (id: string) => ctx.app.services.shop.refundLines.fetch(id);

/** A paid new purchase of three personal licenses and a pro license of five seats, generated. */
async function generatedOrder(number: number) {
  const order = pricedOrder(number, {
    products: [
      { sku: 'M9-PER', quantity: 3 },
      { sku: 'M9-PRO', quantity: 5 },
    ],
  });
  const { received, orderGeneration } = await deliver(order);
  expect(received).toBe('created');
  await ctx.app.services.orderGenerator.run(orderGeneration);
  expect((await generation(orderGeneration)).licenses).toHaveLength(4);
  shop.orders = [order];
  return { order, id: orderGeneration };
}

/** The order refunded in part in the shop: the refund's resource, and the order as its webhook says. */
function refundedInPart(
  order: WooCommerceOrder,
  refundId: number,
  lines: { sku: string; quantity: number }[],
) {
  const refund = simulatedWooCommerceRefund(order, {
    id: refundId,
    lines: lines.map(({ sku, quantity }) => ({
      lineItemId: order.line_items!.find((line) => line.sku === sku)!.id!,
      quantity,
    })),
    reason: 'Teilwiderruf',
    at: new Date('2026-03-18T09:30:00Z'),
  });
  shop.refunds[order.id] = [refund, ...(shop.refunds[order.id] ?? [])];
  const updated: WooCommerceOrder = {
    ...order,
    date_modified_gmt: '2026-03-18T09:30:00',
    refunds: [{ id: refundId, reason: 'Teilwiderruf', total: `-${refund.amount}` }, ...(order.refunds ?? [])],
  };
  shop.orders = [updated];
  return updated;
}

describe('the lines of a partial refund', () => {
  test('are asked of the shop by a job, kept with the refund and preselect the licenses they paid for', async () => {
    const { order, id } = await generatedOrder(8301);
    const [personal1, personal2, , pro] = (await generation(id)).licenses;
    const afterRefund = refundedInPart(order, 8391, [{ sku: 'M9-PER', quantity: 2 }]);
    expect((await deliver(afterRefund)).received).toBe('noted');
    expect(await queuedJobs(ctx.database, JOBS.fetchRefundLines.name)).toEqual([{ orderGenerationId: id }]);
    // Until the job ran, the refund's lines are unknown and nothing is preselected.
    expect((await generation(id)).payment.refunds[0]!.lines).toBeUndefined();

    await fetchLines(id);
    const request = shop.requests.at(-1)!;
    expect(request.url.pathname).toBe(`/wp-json/wc/v3/orders/${order.id}/refunds`);
    expect(request.url.searchParams.get('oauth_consumer_key')).toBe(TEST_SHOP_KEY.key);
    const fetched = await generation(id);
    expect(fetched.refundLinesProblem).toBeNull();
    expect(fetched.payment.refunds).toEqual([
      expect.objectContaining({
        id: 8391,
        gross: 16_000,
        lines: [{ name: expect.any(String), sku: 'M9-PER', product: 'M9-PER', quantity: 2, gross: 16_000 }],
      }),
    ]);
    const preview = await adminPost(`/api/v1/order-generation/${id}/undo`, { dryRun: true });
    expect(preview.refundedLicenses).toEqual([personal1, personal2]);

    // A second refund of the whole pro line: its license too; the first refund's lines are not asked again.
    const again = refundedInPart(afterRefund, 8392, [{ sku: 'M9-PRO', quantity: 5 }]);
    await deliver(again);
    await fetchLines(id);
    const both = await adminPost(`/api/v1/order-generation/${id}/undo`, { dryRun: true });
    expect(both.refundedLicenses).toEqual([personal1, personal2, pro]);
    // The same refunds again: no new job.
    await deliver(again);
    expect(await queuedJobs(ctx.database, JOBS.fetchRefundLines.name)).toHaveLength(2);
  });

  test('part of a pro license’s seats preselects no license: staff decide', async () => {
    const { order, id } = await generatedOrder(8302);
    await deliver(refundedInPart(order, 8393, [{ sku: 'M9-PRO', quantity: 2 }]));
    await fetchLines(id);
    expect((await generation(id)).payment.refunds[0]!.lines).toMatchObject([
      { product: 'M9-PRO', quantity: 2 },
    ]);
    expect(
      (await adminPost(`/api/v1/order-generation/${id}/undo`, { dryRun: true })).refundedLicenses,
    ).toEqual([]);
  });

  test('a shop that does not answer: the generation says so and the job fails, to be retried; then it works', async () => {
    const { order, id } = await generatedOrder(8303);
    await deliver(refundedInPart(order, 8394, [{ sku: 'M9-PER', quantity: 1 }]));
    shop.failWith = 503;
    await expect(fetchLines(id)).rejects.toThrow('503');
    expect((await generation(id)).refundLinesProblem).toBe(
      refundLinesMessages.retrying(shopReconciliationMessages.shopError(503)),
    );

    shop.failWith = null;
    await fetchLines(id);
    const fetched = await generation(id);
    expect(fetched.refundLinesProblem).toBeNull();
    expect(fetched.payment.refunds[0]!.lines).toHaveLength(1);
  });

  test('after its last try the generation says the lines could not be asked and staff pick by hand', async () => {
    const { order, id } = await generatedOrder(8304);
    await deliver(refundedInPart(order, 8395, [{ sku: 'M9-PER', quantity: 1 }]));
    await ctx.app.services.shop.refundLines.giveUp(id, 'the shop answered 503 Service Unavailable');
    expect((await generation(id)).refundLinesProblem).toBe(
      refundLinesMessages.gaveUp(31, 'the shop answered 503 Service Unavailable'),
    );
  });

  test('its queue retries with back-off before it gives up', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select * from pgboss.queue where name = ${JOBS.fetchRefundLines.name}`.execute(ctx.database.db);
    expect(rows[0]).toMatchObject({
      retry_limit: 30,
      retry_backoff: true,
      retry_delay: 30,
      retry_delay_max: 3600,
      dead_letter: JOBS.refundLinesFailed.name,
    });
  });
});
