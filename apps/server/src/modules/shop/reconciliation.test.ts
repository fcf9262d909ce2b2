import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { shopReconciliationMessages, type WooCommerceOrder } from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import { parseScrape, sampleValue } from '../metrics/test-scrape.ts';
import { reconciliationStatus, ShopReconciliation } from './reconciliation.ts';
import { webhookSignature } from './signature.ts';
import { bookOnlyOrder, orderNumbered, orderWithBook } from './test-orders.ts';
import { startTestShop, TEST_SHOP_KEY } from './test-shop.ts';
import { WooCommerceClient } from './woocommerce-client.ts';

const shop = await startTestShop();
afterAll(() => shop.close());

const ctx = useTestApp({
  WORKER: 'inline',
  SHOP_URL: shop.url,
  SHOP_API_KEY: TEST_SHOP_KEY.key,
  SHOP_API_SECRET: TEST_SHOP_KEY.secret,
  SHOP_WEBHOOK_SECRET: 'reconciliation-test',
});

// The worker queues a run as it starts (without waiting for it) and jobs wake their worker at once:
// that run must have asked the empty shop before a test puts orders into it, or it finds them first.
beforeAll(() => eventually(async () => shop.requests.length > 0 || undefined, 30_000));

beforeEach(() => {
  shop.orders = [];
  shop.requests = [];
  shop.failWith = null;
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function adminGet(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: await ctx.adminHeaders() });
  return response.json().data;
}

async function generationsByOrder() {
  return (await adminGet('/api/v1/order-generation?limit=0&sort=order')).orderGenerations as {
    order: string;
    progress: string;
  }[];
}

const reconciliationState = async () => (await adminGet('/api/v1/shop/reconciliation')).reconciliation;

/** The reconciliation's two figures in /metrics: failing (1/0) and the last success (Unix seconds). */
async function reconciliationFigures() {
  const samples = parseScrape(await ctx.app.services.metrics.scrape());
  return {
    failing: sampleValue(samples, 'lizenzportal_shop_reconciliation_failing'),
    lastSuccess: sampleValue(samples, 'lizenzportal_shop_reconciliation_last_success_timestamp_seconds'),
  };
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

/** The app's reconciliation with a client of its own (another key, a smaller page). */
function reconciliationWith(client: WooCommerceClient) {
  return new ShopReconciliation({
    client,
    intake: ctx.app.services.shop.intake,
    records: ctx.app.services.shop.records,
    log: ctx.app.log,
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
      status: 'processing,completed,refunded,cancelled',
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

  test('reads every page the shop has, not only the first', async () => {
    shop.orders = [9301, 9302, 9303, 9304, 9305].map((number) => bookOnlyOrder(number));
    shop.orders.splice(2, 0, orderNumbered(9310));
    const client = new WooCommerceClient({
      shopUrl: shop.url,
      key: TEST_SHOP_KEY.key,
      secret: TEST_SHOP_KEY.secret,
      pageSize: 2,
    });
    expect(await reconciliationWith(client).reconcile()).toEqual({ seen: 6, created: 1 });
    expect(shop.requests.map((request) => request.url.searchParams.get('page'))).toEqual(['1', '2', '3']);
    const { ignoredOrders } = await adminGet('/api/v1/shop/ignored-order');
    expect(ignoredOrders.map((order: { order: string }) => order.order).sort()).toEqual([
      '9301',
      '9302',
      '9303',
      '9304',
      '9305',
    ]);
  });

  test('over http every request is signed with OAuth 1.0a, never with the key itself, as WooCommerce requires there', async () => {
    shop.orders = [orderNumbered(9401)];
    expect(await ctx.app.services.shop.reconciliation!.reconcile()).toEqual({ seen: 1, created: 1 });
    const [request] = shop.requests;
    expect(request!.authorization).toBeUndefined();
    expect(request!.url.href).not.toContain(TEST_SHOP_KEY.secret);
    expect(Object.fromEntries(request!.url.searchParams)).toMatchObject({
      oauth_consumer_key: TEST_SHOP_KEY.key,
      oauth_signature_method: 'HMAC-SHA256',
      oauth_signature: expect.any(String),
    });
    // The test shop is WooCommerce over http: the key as HTTP Basic gets its 401.
    const basic = await fetch(request!.url.origin + request!.url.pathname, {
      headers: {
        authorization: `Basic ${Buffer.from(`${TEST_SHOP_KEY.key}:${TEST_SHOP_KEY.secret}`).toString('base64')}`,
      },
    });
    expect(basic.status).toBe(401);
  });

  test('over https the key goes as HTTP Basic, as WooCommerce accepts it there', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('[]', { headers: { 'x-wp-totalpages': '0' } }));
    const client = new WooCommerceClient({
      shopUrl: 'https://shop.example/lizenzen',
      key: 'ck_a',
      secret: 'cs_b',
    });
    for await (const page of client.paidOrdersSince(new Date('2026-11-09T12:00:00Z'))) {
      expect(page.orders).toEqual([]);
    }
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toMatch(/^https:\/\/shop\.example\/wp-json\/wc\/v3\/orders\?status=/);
    expect(String(url)).not.toContain('oauth_');
    expect((init!.headers as Record<string, string>)['authorization']).toBe(
      `Basic ${Buffer.from('ck_a:cs_b').toString('base64')}`,
    );
  });

  test('a wrong key: the run fails, and staff see when it last succeeded and why, in the back office and /metrics', async () => {
    await ctx.app.services.shop.reconciliation!.reconcile();
    const succeeded = await reconciliationState();
    expect(succeeded).toMatchObject({ configured: true, failing: false, reason: null });
    expect(succeeded.lastSuccessAt).toBe(succeeded.lastRunAt);
    const lastSuccess = Date.parse(succeeded.lastSuccessAt) / 1000;
    expect(await reconciliationFigures()).toEqual({ failing: 0, lastSuccess });

    const wrongKey = new WooCommerceClient({ shopUrl: shop.url, key: TEST_SHOP_KEY.key, secret: 'cs_wrong' });
    await expect(reconciliationWith(wrongKey).reconcile()).rejects.toThrow(/the shop answered 401/);
    const failing = await reconciliationState();
    expect(failing).toMatchObject({
      configured: true,
      failing: true,
      lastSuccessAt: succeeded.lastSuccessAt,
      reason: shopReconciliationMessages.refused(401),
    });
    expect(failing.lastRunAt > succeeded.lastRunAt).toBe(true);
    expect(await reconciliationFigures()).toEqual({ failing: 1, lastSuccess });

    await ctx.app.services.shop.reconciliation!.reconcile();
    expect(await reconciliationState()).toMatchObject({ failing: false, reason: null });
  });

  test('a shop that refuses or answers nonsense fails the run (retried by its job) and changes nothing', async () => {
    const reconciliation = ctx.app.services.shop.reconciliation!;
    shop.orders = [orderNumbered(9101)];
    shop.failWith = 503;
    await expect(reconciliation.reconcile()).rejects.toThrow(/the shop answered 503/);
    expect(await reconciliationState()).toMatchObject({
      failing: true,
      reason: shopReconciliationMessages.shopError(503),
    });
    shop.failWith = null;
    shop.orders = [{ id: 'kaputt' }, orderNumbered(9102)].map((order) => ({
      ...order,
      status: 'processing',
    }));
    expect(await reconciliation.reconcile()).toEqual({ seen: 1, created: 1 });
    expect((await generationsByOrder()).map((generation) => generation.order)).toEqual(['9102']);
  });

  test('a paid order of a book alone, found by the reconciliation: nothing generated, kept for the admin', async () => {
    shop.orders = [bookOnlyOrder(9050), orderWithBook(9051)];
    expect(await ctx.app.services.shop.reconciliation!.reconcile()).toEqual({ seen: 2, created: 1 });
    const generations = await eventually(async () => {
      const all = await generationsByOrder();
      return all.every((generation) => generation.progress === 'completed') ? all : undefined;
    }, 30_000);
    expect(generations.map((generation) => generation.order)).toEqual(['9051']);
    expect(await adminGet('/api/v1/shop/ignored-order?search=905')).toEqual({
      ignoredOrders: [
        {
          order: '9050',
          shopOrderId: 9050,
          status: 'processing',
          lines: [{ name: 'Handbuch (gedruckt)', sku: 'BUCH-HB-2026', quantity: 1 }],
          receivedAt: expect.any(String),
        },
      ],
    });
    expect(await adminGet('/api/v1/shop/ignored-order?search=4711')).toEqual({ ignoredOrders: [] });
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

  test("the shop's state is for admins only", async () => {
    for (const url of ['/api/v1/shop/reconciliation', '/api/v1/shop/ignored-order']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('the reconciliation as staff see it', () => {
  const startedAt = new Date('2026-11-23T08:00:00Z');
  const row = (lastRunAt: string, lastError: string | null = null) => ({
    id: true,
    last_run_at: new Date(lastRunAt),
    last_success_at: new Date('2026-11-23T08:00:00Z'),
    last_error: lastError,
    orders_seen: 0,
    orders_created: 0,
  });

  test('fails when its last run failed, or when none ran for three intervals (no worker runs it)', () => {
    const at = (now: string) => ({ configured: true, startedAt, now: new Date(now) });
    expect(reconciliationStatus(row('2026-11-23T09:00:00Z'), at('2026-11-23T09:14:00Z'))).toMatchObject({
      failing: false,
      reason: null,
    });
    expect(reconciliationStatus(row('2026-11-23T09:00:00Z'), at('2026-11-23T09:16:00Z'))).toMatchObject({
      failing: true,
      reason: shopReconciliationMessages.notRunSince('23.11.26 10:00:00'),
    });
    expect(
      reconciliationStatus(row('2026-11-23T09:00:00Z', 'kaputt'), at('2026-11-23T09:01:00Z')),
    ).toMatchObject({ failing: true, reason: 'kaputt' });
    expect(reconciliationStatus(undefined, at('2026-11-23T08:10:00Z'))).toMatchObject({ failing: false });
    expect(reconciliationStatus(undefined, at('2026-11-23T08:20:00Z'))).toMatchObject({
      failing: true,
      reason: shopReconciliationMessages.neverRan,
    });
  });

  test('is never failing when it is not set up', () => {
    expect(
      reconciliationStatus(undefined, {
        configured: false,
        startedAt,
        now: new Date('2026-12-01T00:00:00Z'),
      }),
    ).toEqual({ configured: false, lastRunAt: null, lastSuccessAt: null, failing: false, reason: null });
  });
});
