import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, test } from 'vitest';
import {
  formatStartCode,
  MAX_SEATS,
  shopDemoMessages,
  type SimulatedOrderRequest,
} from '@lizenzportal/domain';
import { buildApp } from '../../app.ts';
import { errorOf, testConfig, useTestApp } from '../../test/app.ts';
import { createTestDatabase } from '../../test/database.ts';
import { testLogger } from '../../test/error-logs.ts';
import { eventually } from '../../test/smtp.ts';
import { sessionHelpers } from '../upgrade-sessions/test-helpers.ts';
import { DEFAULT_SHOP_PRODUCT_IDS } from '../../config.ts';
import { simulatedWooCommerceOrder } from './simulated-order.ts';
import { paidOrder } from './test-orders.ts';

// No mail server: mails land in the outbox, as in development.
const ctx = useTestApp({ WORKER: 'inline' });
const { created, newPurchase } = sessionHelpers(ctx);

/** What the assistant hands over for 10 pro seats and a DVD to Germany, billing completed at the checkout. */
const CART: SimulatedOrderRequest = {
  products: [
    { sku: 'M9-PRO', quantity: 10 },
    { sku: 'M9-DVD', quantity: 1 },
  ],
  sessionId: null,
  sessionToken: null,
  offerToken: null,
  billing: { countryCode: 'DE', name: 'Förderzentrum am See', email: 'verwaltung@foerderzentrum.example' },
  purchaseType: 'new',
};

const simulate = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/shop/demo-order', payload: payload as object });

// Generations, documents and mails run as jobs: generous under a loaded machine.
const JOBS_MS = 60_000;

describe('the simulated order of /shop-demo', () => {
  test('has the shape of the shop’s paid order: the fixture’s fields, prices and product ids', () => {
    const fixture = paidOrder() as Record<string, unknown>;
    const order = simulatedWooCommerceOrder(CART as never, {
      id: 4711,
      productIds: DEFAULT_SHOP_PRODUCT_IDS,
      paidAt: new Date('2026-11-20T09:16:40Z'),
    }) as Record<string, unknown>;
    for (const key of Object.keys(order)) expect(fixture, key).toHaveProperty(key);
    expect(order).toMatchObject({
      number: '4711',
      status: 'processing',
      total: fixture['total'],
      total_tax: fixture['total_tax'],
      date_paid_gmt: fixture['date_paid_gmt'],
      billing: { email: 'verwaltung@foerderzentrum.example', country: 'DE' },
    });
    const lines = order['line_items'] as Record<string, unknown>[];
    const fixtureLines = fixture['line_items'] as Record<string, unknown>[];
    for (const [index, line] of lines.entries()) {
      for (const key of Object.keys(line)) expect(fixtureLines[index], key).toHaveProperty(key);
      for (const key of ['name', 'product_id', 'sku', 'quantity', 'total', 'total_tax']) {
        expect(line[key], key).toEqual(fixtureLines[index]![key]);
      }
    }
    const meta = (order['meta_data'] as { key: string }[]).map((entry) => entry.key);
    expect(meta).toEqual(['upgrade_session_id', 'upgrade_session_token', 'offer_token', 'purchase_type']);
  });

  test(
    'goes through the signed webhook: licenses made once, the starter document mailed to the outbox',
    async () => {
      const response = await simulate(CART);
      expect(response.statusCode).toBe(200);
      const answer = response.json().data;
      expect(answer).toMatchObject({ received: 'created', email: CART.billing.email, mailsInOutbox: true });
      // Where the mails went, but no path of the server.
      expect(response.body).not.toContain(ctx.config.dataDir);

      const generation = await eventually(async () => {
        const current = await ctx.app.services.orderGenerations.get(answer.orderGeneration);
        return current.progress === 'in-progress' ? undefined : current;
      }, JOBS_MS);
      expect(generation).toMatchObject({ order: answer.order, progress: 'completed', error: null });
      expect(generation.licenses).toHaveLength(1);
      const license = await ctx.app.services.licenses.findById(generation.licenses[0]!);
      expect(license).toMatchObject({ class: 'pro', size: 10, dvd_count: 1, entry_reference: answer.order });

      const [delivery] = await eventually(async () => {
        const deliveries = await ctx.app.services.deliveries.forOrderGeneration(generation._id);
        return deliveries.every((current) => current.progress === 'completed') ? deliveries : undefined;
      }, JOBS_MS);
      expect(delivery).toMatchObject({ recipient: CART.billing.email, documentType: 'starter' });
      const files = fs.readdirSync(ctx.config.mail.outboxDir);
      expect(files).toHaveLength(1);
      const mail = await simpleParser(fs.readFileSync(path.join(ctx.config.mail.outboxDir, files[0]!)));
      expect(mail.to).toMatchObject({ text: expect.stringContaining(CART.billing.email) });
      expect(mail.text).toContain(`Startcode: ${formatStartCode(license!.start_code!)}`);
    },
    3 * JOBS_MS,
  );

  test(
    'of an assistant session carries its token: the licenses are made from the session, which is completed',
    async () => {
      const { session, token } = await created(newPurchase());
      const response = await simulate({ ...CART, sessionId: session._id, sessionToken: token });
      expect(response.statusCode).toBe(200);
      const generation = await eventually(async () => {
        const current = await ctx.app.services.orderGenerations.get(response.json().data.orderGeneration);
        return current.progress === 'in-progress' ? undefined : current;
      }, JOBS_MS);
      expect(generation).toMatchObject({ progress: 'completed', error: null, upgradeSession: session._id });
      expect(await ctx.app.services.upgradeSessions.get(session._id)).toMatchObject({
        status: 'completed',
        orderId: generation.order,
      });
    },
    3 * JOBS_MS,
  );

  test('refuses a cart without the checkout’s e-mail address and makes nothing', async () => {
    const response = await simulate({ ...CART, billing: { countryCode: 'DE', name: 'Schule' } });
    expect(response.statusCode).toBe(400);
    expect(await ctx.database.db.selectFrom('order_generation').select('id').execute()).toEqual([]);
  });

  test('refuses a reseller line without its license size with a German 400, not a 500, and makes nothing', async () => {
    const response = await simulate({
      ...CART,
      purchaseType: 'reseller',
      products: [{ sku: 'M9-PRO', quantity: 8, licenseUid: 'a', customerReference: 'Schule Nord' }],
    });
    expect(errorOf(response)).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: shopDemoMessages.resellerLineWithoutSize,
    });
    expect(await ctx.database.db.selectFrom('order_generation').select('id').execute()).toEqual([]);
  });

  test('makes no more licenses than an assistant cart holds: one license of at most the assistant’s seats', async () => {
    const tooMuch = [
      [{ sku: 'M9-PER', quantity: 100_000 }],
      [{ sku: 'M9-PRO', quantity: MAX_SEATS + 1 }],
      [
        { sku: 'M9-PRO', quantity: 5 },
        { sku: 'M9-PRO', quantity: 5 },
      ],
    ];
    for (const products of tooMuch) {
      const response = await simulate({ ...CART, products });
      expect(response.statusCode, JSON.stringify(products)).toBe(400);
      expect(errorOf(response).message).toMatch(
        /^(Ein Warenkorb des Lizenz-Assistenten|Eine persönliche Lizenz)/,
      );
    }
    expect(await ctx.database.db.selectFrom('license').select('id').execute()).toEqual([]);
  });

  test('does not exist in production, and the settings say so', async () => {
    const config = testConfig({
      NODE_ENV: 'production',
      // Off needs a database server; this app's worker finds nothing to do.
      WORKER: 'inline',
      JWT_SECRET: 'p'.repeat(48),
      SHOP_WEBHOOK_SECRET: 'productionWebhookSecret0123456789',
      SHOP_CART_SIGNING_KEY: 'productionCartSigningKey0123456789',
    });
    const database = await createTestDatabase();
    const app = await buildApp({ config, database, jwtSecret: 'p'.repeat(48), logger: testLogger() });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/v1/shop/demo-order', payload: CART });
      expect(response.statusCode).toBe(404);
      const refund = await app.inject({
        method: 'POST',
        url: '/api/v1/shop/demo-order/refund',
        payload: { cart: CART, order: '4711', previous: [], lines: null },
      });
      expect(refund.statusCode).toBe(404);
      const settings = await app.inject({ method: 'GET', url: '/api/v1/settings' });
      expect(settings.json().data.shopDemoOrders).toBe(false);
      const development = await ctx.app.inject({ method: 'GET', url: '/api/v1/settings' });
      expect(development.json().data.shopDemoOrders).toBe(true);
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
    // A second app of its own (production settings) starts in the test.
  }, 60_000);
});

describe('the simulated refund of /shop-demo', () => {
  const refund = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/shop/demo-order/refund', payload: payload as object });

  test(
    'a partial, then a full refund of an order it placed reach the generation as WooCommerce’s order.updated',
    async () => {
      const placed = (await simulate(CART)).json().data;
      await eventually(async () => {
        const current = await ctx.app.services.orderGenerations.get(placed.orderGeneration);
        return current.progress === 'completed' || undefined;
      }, JOBS_MS);

      const partial = await refund({
        cart: CART,
        order: placed.order,
        previous: [],
        lines: [{ sku: 'M9-DVD', quantity: 1 }],
      });
      expect(partial.statusCode).toBe(200);
      const first = partial.json().data;
      expect(first).toMatchObject({
        received: 'noted',
        order: placed.order,
        orderGeneration: placed.orderGeneration,
        full: false,
        refund: { gross: 1500, reason: 'Teilerstattung (simuliert)' },
      });
      expect(await ctx.app.services.orderGenerations.get(placed.orderGeneration)).toMatchObject({
        withdrawal: 'open',
        withdrawnStatus: null,
        payment: { refunds: [{ id: first.refund.id, gross: 1500 }] },
      });

      const full = (
        await refund({ cart: CART, order: placed.order, previous: [first.refund], lines: null })
      ).json().data;
      expect(full).toMatchObject({ received: 'noted', full: true, refund: { gross: 52_800 - 1500 } });
      const after = await ctx.app.services.orderGenerations.get(placed.orderGeneration);
      expect(after).toMatchObject({
        withdrawal: 'open',
        withdrawnStatus: 'refunded',
        payment: { refunded: { gross: 52_800 } },
      });
      expect(after.payment.refunds.map((kept) => kept.id).sort()).toEqual(
        [first.refund.id, full.refund.id].sort(),
      );
      const { items } = (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/overview/attention',
          headers: await ctx.adminHeaders(),
        })
      ).json().data;
      expect(items.find((item: { item: string }) => item.item === 'refundedActive').count).toBe(1);
    },
    3 * JOBS_MS,
  );
});
