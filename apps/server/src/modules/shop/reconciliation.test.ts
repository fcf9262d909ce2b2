import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { WooCommerceOrder } from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import { webhookSignature } from './signature.ts';
import { bookOnlyOrder, orderNumbered, orderWithBook } from './test-orders.ts';

/** A stand-in for the shop's REST API on loopback: the orders it holds, the requests it got. */
const shop = {
  orders: [] as unknown[],
  requests: [] as { url: URL; authorization: string | undefined }[],
  status: 200,
};
const server = http.createServer((request, response) => {
  const url = new URL(request.url!, 'http://shop.test');
  shop.requests.push({ url, authorization: request.headers.authorization });
  if (url.pathname !== '/wp-json/wc/v3/orders') return response.writeHead(404).end('[]');
  if (request.headers.authorization !== `Basic ${Buffer.from('ck_test:cs_test').toString('base64')}`) {
    return response.writeHead(401).end('{"code":"woocommerce_rest_cannot_view"}');
  }
  const statuses = url.searchParams.get('status')!.split(',');
  const matching = shop.orders.filter((order) =>
    statuses.includes((order as { status?: string }).status ?? ''),
  );
  response.writeHead(shop.status, { 'content-type': 'application/json', 'x-wp-totalpages': '1' });
  response.end(JSON.stringify(matching));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => server.close(resolve)));
const shopUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lizenzen`;

const ctx = useTestApp({
  WORKER: 'inline',
  SHOP_URL: shopUrl,
  SHOP_API_KEY: 'ck_test',
  SHOP_API_SECRET: 'cs_test',
  SHOP_WEBHOOK_SECRET: 'reconciliation-test',
});

// The worker queues a run as it starts (without waiting for it) and jobs wake their worker at once:
// that run must have asked the empty shop before a test puts orders into it, or it finds them first.
beforeAll(() => eventually(async () => shop.requests.length > 0 || undefined, 30_000));

beforeEach(() => {
  shop.orders = [];
  shop.requests = [];
  shop.status = 200;
});

async function generationsByOrder() {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/order-generation?limit=0&sort=order',
    headers: await ctx.adminHeaders(),
  });
  return response.json().data.orderGenerations as { order: string; progress: string }[];
}

function deliver(order: WooCommerceOrder) {
  const body = JSON.stringify(order);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-signature': webhookSignature(body, 'reconciliation-test'),
    },
    payload: body,
  });
}

describe('reconciliation with the shop', () => {
  test('finds the paid order the webhook missed, through the same path: one generation per order', async () => {
    const reconciliation = ctx.app.services.shop.reconciliation!;
    const received = orderNumbered(9002);
    expect((await deliver(received)).json().data.received).toBe('created');
    shop.orders = [
      orderNumbered(9001),
      received,
      orderNumbered(9003, { status: 'pending', date_paid: null }),
    ];

    expect(await reconciliation.reconcile(new Date('2026-11-23T12:00:00Z'))).toEqual({ seen: 2, created: 1 });
    const [request] = shop.requests;
    expect(Object.fromEntries(request!.url.searchParams)).toMatchObject({
      status: 'processing,completed',
      after: '2026-11-09T12:00:00.000Z',
      per_page: '100',
      page: '1',
    });
    await eventually(async () => {
      const generations = await generationsByOrder();
      return generations.every((generation) => generation.progress === 'completed') ? generations : undefined;
    }, 30_000);
    expect((await generationsByOrder()).map((generation) => generation.order)).toEqual(['9001', '9002']);

    // Again, and the webhook arriving late: nothing new.
    expect(await reconciliation.reconcile()).toEqual({ seen: 2, created: 0 });
    expect((await deliver(orderNumbered(9001))).json().data.received).toBe('known');
    expect(await generationsByOrder()).toHaveLength(2);
  });

  test('a paid order of a book alone, found by the reconciliation: nothing generated', async () => {
    shop.orders = [bookOnlyOrder(9050), orderWithBook(9051)];
    expect(await ctx.app.services.shop.reconciliation!.reconcile()).toEqual({ seen: 2, created: 1 });
    const generations = await eventually(async () => {
      const all = await generationsByOrder();
      return all.every((generation) => generation.progress === 'completed') ? all : undefined;
    }, 30_000);
    expect(generations.map((generation) => generation.order)).toEqual(['9051']);
  });

  test('a shop that refuses or answers nonsense fails the run (retried by its job) and changes nothing', async () => {
    const reconciliation = ctx.app.services.shop.reconciliation!;
    shop.orders = [orderNumbered(9101)];
    shop.status = 503;
    await expect(reconciliation.reconcile()).rejects.toThrow(/the shop answered 503/);
    shop.status = 200;
    shop.orders = [{ id: 'kaputt' }, orderNumbered(9102)].map((order) => ({
      ...order,
      status: 'processing',
    }));
    expect(await reconciliation.reconcile()).toEqual({ seen: 1, created: 1 });
    expect((await generationsByOrder()).map((generation) => generation.order)).toEqual(['9102']);
  });

  test('the run is a job: queued, it asks the shop and the order is generated', async () => {
    shop.orders = [orderNumbered(9201)];
    await ctx.app.services.queue.send(JOBS.reconcileShopOrders, {});
    const [generation] = await eventually(async () => {
      const generations = await generationsByOrder();
      return generations[0]?.progress === 'completed' ? generations : undefined;
    }, 30_000);
    expect(generation!.order).toBe('9201');
  });
});
