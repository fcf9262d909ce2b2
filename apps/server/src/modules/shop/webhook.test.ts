import fs from 'node:fs';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import type { WooCommerceOrder } from '@lizenzportal/domain';
import { LOG_SERIALIZERS } from '../../logger.ts';
import { errorOf, useTestApp } from '../../test/app.ts';
import { describeLogLine, ERROR_LEVEL, reportErrorLog } from '../../test/error-logs.ts';
import { eventually, startSmtpServer } from '../../test/smtp.ts';
import { DeliveryService } from '../deliveries/service.ts';
import { webhookSignature } from './signature.ts';
import {
  bookOnlyOrder,
  orderNumbered,
  orderWithBook,
  PAID_ORDER_FILE,
  wooCommerceJson,
} from './test-orders.ts';

const SECRET = 'webhook-test-secret';
const onPostgres = process.env['TEST_DB_BACKEND'] === 'postgres';
const smtp = await startSmtpServer();
afterAll(() => smtp.close());
afterEach(() => {
  vi.restoreAllMocks();
  warnings.length = 0;
});

/** The server's warnings (pino's level 40), read by the tests; errors go to the error-log rule as always. */
const warnings: { msg: string; [field: string]: unknown }[] = [];
/** Those about shop orders (a job of an earlier test may warn meanwhile, e.g. a mail attempt taken over). */
const shopWarnings = () => warnings.filter((warning) => /shop/.test(warning.msg));
const ctx = useTestApp(
  {
    WORKER: 'inline',
    SMTP_URL: smtp.url,
    SHOP_WEBHOOK_SECRET: SECRET,
    // A technical failure fails the generation at once (no automatic retries to wait for).
    SHOP_ORDER_RETRY_LIMIT: '0',
  },
  {
    logger: () =>
      pino(
        { level: 'warn', serializers: LOG_SERIALIZERS },
        {
          write(line: string) {
            const parsed = JSON.parse(line);
            if (parsed.level >= ERROR_LEVEL) reportErrorLog(describeLogLine(parsed));
            else warnings.push(parsed);
          },
        },
      ),
  },
);

function post(body: string | Buffer, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/shop/webhook', headers, payload: body });
}

let deliveries = 0;
/** Posts as WooCommerce's `WC_Webhook::deliver` does: its JSON, its headers, signed over the exact bytes. */
function deliver(order: WooCommerceOrder | string | object, topic = 'order.updated') {
  const body = typeof order === 'string' ? order : wooCommerceJson(order);
  deliveries += 1;
  return post(body, {
    'content-type': 'application/json',
    'user-agent': 'WooCommerce/11.0.1 Hookshot (WordPress/7.1)',
    'x-wc-webhook-source': 'https://shop.example/',
    'x-wc-webhook-topic': topic,
    'x-wc-webhook-resource': topic.split('.')[0]!,
    'x-wc-webhook-event': topic.split('.')[1]!,
    'x-wc-webhook-signature': webhookSignature(body, SECRET),
    'x-wc-webhook-id': '7',
    'x-wc-webhook-delivery-id': String(9000 + deliveries),
  });
}

async function adminGet(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: await ctx.adminHeaders() });
  return response.json().data;
}

async function generations() {
  return (await adminGet('/api/v1/order-generation?limit=0')).orderGenerations;
}

async function settled(id: string) {
  return eventually(async () => {
    const { orderGeneration } = await adminGet(`/api/v1/order-generation/${id}`);
    return orderGeneration.progress === 'in-progress' ? undefined : orderGeneration;
  }, 30_000);
}

async function counts() {
  const count = async (table: 'order_generation' | 'license' | 'delivery') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job`.execute(
    ctx.database.db,
  );
  return {
    generations: await count('order_generation'),
    licenses: await count('license'),
    deliveries: await count('delivery'),
    jobs: rows[0]!.n,
  };
}

describe('the shop webhook', () => {
  test('an unsigned or mis-signed order is refused with 401 and changes nothing', async () => {
    const body = fs.readFileSync(PAID_ORDER_FILE);
    const unsigned = await post(body, { 'content-type': 'application/json' });
    const misSigned = await post(body, {
      'content-type': 'application/json',
      'x-wc-webhook-signature': webhookSignature(body, 'another-secret'),
    });
    const tampered = await post(Buffer.from(body.toString().replace('"quantity": 10', '"quantity": 90')), {
      'content-type': 'application/json',
      'x-wc-webhook-signature': webhookSignature(body, SECRET),
    });
    for (const response of [unsigned, misSigned, tampered]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: 'Die Signatur der Shop-Nachricht fehlt oder ist ungültig.',
      });
    }
    expect(await counts()).toEqual({ generations: 0, licenses: 0, deliveries: 0, jobs: 0 });
  });

  test("WooCommerce's ping when a webhook is saved gets 200", async () => {
    const response = await post('webhook_id=17', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ received: 'ping' });
    expect(await counts()).toEqual({ generations: 0, licenses: 0, deliveries: 0, jobs: 0 });
  });

  test('a signed body that is no readable order: 2xx (WooCommerce disables a webhook after five failures), a warning with the delivery id, nothing changed', async () => {
    const bodies = [
      '{"id": ',
      '{"id": "x", "line_items": 3}',
      JSON.stringify({ ...orderNumbered(1), number: '' }),
    ];
    for (const [index, body] of bodies.entries()) {
      const response = await deliver(body);
      expect(response.statusCode, body).toBe(200);
      expect(response.json().data).toEqual({ received: 'unreadable', order: null, orderGeneration: null });
      expect(shopWarnings()[index], body).toMatchObject({
        deliveryId: String(9000 + deliveries),
        topic: 'order.updated',
        reason: expect.any(String),
      });
    }
    expect(shopWarnings().map((warning) => warning.msg)).toEqual([
      'signed shop delivery is no JSON',
      'signed shop delivery is no readable order',
      'signed shop delivery is no readable order',
    ]);
    expect(await counts()).toEqual({ generations: 0, licenses: 0, deliveries: 0, jobs: 0 });
  });

  test('other signed deliveries get 2xx and change nothing: a deleted order (its id alone), a product', async () => {
    const created = (await deliver(orderNumbered(4800))).json().data.orderGeneration;
    // Its generation done first: what it makes is not what these deliveries would change.
    expect((await settled(created)).progress).toBe('completed');
    const before = await counts();
    const deleted = await deliver({ id: 4800 }, 'order.deleted');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data).toEqual({ received: 'ignored', order: null, orderGeneration: null });
    const restored = await deliver({ id: 4800 }, 'order.restored');
    expect(restored.json().data).toEqual({ received: 'ignored', order: null, orderGeneration: null });
    const product = await deliver(
      {
        id: 912,
        name: 'Handbuch (gedruckt)',
        sku: 'BUCH-HB-2026',
        type: 'simple',
        status: 'publish',
        price: '40.00',
      },
      'product.updated',
    );
    expect(product.statusCode).toBe(200);
    expect(product.json().data).toEqual({ received: 'ignored', order: null, orderGeneration: null });
    expect(await counts()).toEqual(before);
    expect(shopWarnings()).toEqual([]);
  });

  test('a paid order of a printed book alone: 2xx ignored, no generation, nothing red', async () => {
    const response = await deliver(bookOnlyOrder(4900));
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ received: 'ignored', order: '4900', orderGeneration: null });
    expect(await counts()).toEqual({ generations: 0, licenses: 0, deliveries: 0, jobs: 0 });
    expect(shopWarnings()).toEqual([]);
  });

  test('a license bought with a book: one completed generation, the license and its mail, the note naming the book — however often it comes', async () => {
    smtp.received.length = 0;
    const first = await deliver(orderWithBook(4950));
    expect(first.json().data).toMatchObject({ received: 'created', order: '4950' });
    const generation = await settled(first.json().data.orderGeneration);
    expect(generation).toMatchObject({
      progress: 'completed',
      error: null,
      note: 'Nicht vom Portal: Handbuch (gedruckt) ×1',
    });
    expect(generation.products.map((product: { name: string }) => product.name)).toEqual([
      'Pro-Lizenz Version 9',
      'Zusätzliche DVD Version 9',
      'Handbuch (gedruckt)',
    ]);
    expect(generation.licenses).toHaveLength(1);
    const { license } = await adminGet(`/api/v1/license/${generation.licenses[0]}`);
    expect(license.properties).toMatchObject({ class: 'pro', size: 10, dvdCount: 1 });
    await eventually(() => smtp.received.find((mail) => mail.text?.includes(license.key.slice(0, 4))));

    const again = await deliver(orderWithBook(4950));
    expect(again.json().data).toMatchObject({ received: 'known', orderGeneration: generation._id });
    expect(await counts()).toMatchObject({ generations: 1, licenses: 1, deliveries: 1 });
  });

  test('the paid fixture order: one completed generation, one 10-seat pro license with a DVD, its starter document and mail — however often it comes', async () => {
    smtp.received.length = 0;
    const body = fs.readFileSync(PAID_ORDER_FILE, 'utf8');
    const first = await deliver(body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ received: 'created', order: '4711' });
    const generation = await settled(first.json().data.orderGeneration);
    expect(generation).toMatchObject({
      order: '4711',
      shopOrderId: 4711,
      progress: 'completed',
      error: null,
      products: [
        {
          id: 3101,
          name: 'Pro-Lizenz Version 9',
          sku: 'M9-PRO',
          productId: 801,
          variationId: null,
          quantity: 10,
        },
        {
          id: 3102,
          name: 'Zusätzliche DVD Version 9',
          sku: 'M9-DVD',
          productId: 805,
          variationId: null,
          quantity: 1,
        },
      ],
    });
    expect(generation.licenses).toHaveLength(1);
    const { license } = await adminGet(`/api/v1/license/${generation.licenses[0]}`);
    expect(license).toMatchObject({
      version: '9',
      status: 'unbound',
      typeOfEntry: 'order',
      entryReference: '4711',
      productSKU: 'M9-PRO',
      properties: { class: 'pro', type: 'full', size: 10, delivery: 'download', dvdCount: 1 },
    });

    const mail = await eventually(() =>
      smtp.received.find((received) => received.text?.includes(license.key.slice(0, 4))),
    );
    expect(mail.to).toMatchObject({
      value: [{ address: 'verwaltung@foerderzentrum.example', name: 'Erika Mustermann' }],
    });
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const { deliveries } = await adminGet(`/api/v1/order-generation/${generation._id}/delivery`);
    expect(deliveries).toMatchObject([
      { occasion: 'order', documentType: 'starter', licenses: [license._id], progress: 'completed' },
    ]);
    const stored = await eventually(
      async () => (await adminGet(`/api/v1/license/${license._id}`)).license.starterDocument ?? undefined,
    );
    expect(await ctx.app.services.storage.exists(stored)).toBe(true);

    for (const again of await Promise.all([deliver(body), deliver(body), deliver(body)])) {
      expect(again.json().data).toMatchObject({ received: 'known', orderGeneration: generation._id });
    }
    expect(await counts()).toMatchObject({ generations: 1, licenses: 1, deliveries: 1 });
    expect(
      smtp.received.filter((received) => received.to && received.text?.includes(license.key.slice(0, 4))),
    ).toHaveLength(1);
  });

  // The exactly-once guard between concurrent deliveries is the unique order number's
  // `on conflict do nothing`. PGlite cannot show it: its one connection runs the intake's
  // transactions one after another (decision 002), so a check-then-insert would pass there too.
  // It runs on PostgreSQL, where it fails without the guard.
  test.runIf(onPostgres)(
    'the same order posted 50 times at once: exactly one generation and one license',
    async () => {
      const order = orderNumbered(5000);
      const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(order)));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
      const outcomes = answers.map((answer) => answer.json().data.received);
      expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'known')).toHaveLength(49);
      const [generation] = await generations();
      expect((await settled(generation._id)).progress).toBe('completed');
      expect(await counts()).toMatchObject({ generations: 1, licenses: 1, deliveries: 1 });
    },
  );

  test('an unpaid order is not generated; a withdrawn one is kept on its generation', async () => {
    const pending = await deliver(
      orderNumbered(6000, { status: 'pending', date_paid: null, date_paid_gmt: null }),
    );
    expect(pending.json().data).toMatchObject({ received: 'not-paid', orderGeneration: null });
    expect((await counts()).generations).toBe(0);

    const created = (await deliver(orderNumbered(6000))).json().data.orderGeneration;
    await settled(created);
    for (let i = 0; i < 2; i++) {
      const refunded = await deliver(orderNumbered(6000, { status: 'refunded' }));
      expect(refunded.json().data).toMatchObject({ received: 'noted', orderGeneration: created });
    }
    const { orderGeneration } = await adminGet(`/api/v1/order-generation/${created}`);
    expect(orderGeneration).toMatchObject({
      progress: 'completed',
      withdrawnStatus: 'refunded',
      withdrawal: 'open',
      note: null,
    });
    expect((await counts()).licenses).toBe(1);
  });

  test('a line of the portal that cannot be fulfilled still fails with a German reason: DVDs without a license', async () => {
    const order = orderWithBook(7000);
    order.line_items = order.line_items!.filter((line) => line.sku !== 'M9-PRO');
    const generation = await settled((await deliver(order)).json().data.orderGeneration);
    expect(generation).toMatchObject({
      progress: 'failed',
      licenses: [],
      note: 'Nicht vom Portal: Handbuch (gedruckt) ×1',
      error:
        'Die Bestellung enthält kein Lizenzprodukt, nur DVDs oder nichts. Bitte prüfen und dann „Erneut versuchen”.',
    });
    expect(await counts()).toMatchObject({ licenses: 0, deliveries: 0 });
  });

  test('a generation that fails half-way keeps nothing; „Erneut versuchen” completes it once', async () => {
    smtp.received.length = 0;
    const create = vi
      .spyOn(DeliveryService.prototype, 'create')
      .mockRejectedValueOnce(new Error('injected fault after the licenses were created'));
    const id = (await deliver(orderNumbered(8000))).json().data.orderGeneration;
    const failed = await settled(id);
    expect(create).toHaveBeenCalledTimes(1);
    expect(failed.progress).toBe('failed');
    expect(failed.error).toBe(
      'Technischer Fehler nach 1 Versuch: injected fault after the licenses were created. Bitte prüfen und dann „Erneut versuchen”.',
    );
    expect(await counts()).toMatchObject({ licenses: 0, deliveries: 0 });

    const headers = await ctx.adminHeaders();
    const retries = await Promise.all(
      [1, 2, 3].map(() =>
        ctx.app.inject({ method: 'POST', url: `/api/v1/order-generation/${id}/retry`, headers }),
      ),
    );
    expect(retries.map((retry) => retry.statusCode).sort()).toEqual([200, 409, 409]);
    expect(errorOf(retries.find((retry) => retry.statusCode === 409)!).message).toBe(
      'Nur eine fehlgeschlagene Shop-Generierung kann erneut versucht werden.',
    );
    const completed = await settled(id);
    expect(completed).toMatchObject({ progress: 'completed', error: null });
    expect(await counts()).toMatchObject({ generations: 1, licenses: 1, deliveries: 1 });
    await eventually(() => smtp.received.length === 1 || undefined);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/order-generation/${id}/retry`,
      headers,
    });
    expect(again.statusCode).toBe(409);
  });

  test('the retry is for admins only', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/order-generation/00000000-0000-4000-8000-000000000000/retry',
    });
    expect(response.statusCode).toBe(401);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/order-generation/00000000-0000-4000-8000-000000000000/retry',
      headers: await ctx.adminHeaders(),
    });
    expect(errorOf(missing)).toMatchObject({
      status: 404,
      message: 'Die Shop-Generierung wurde nicht gefunden.',
    });
  });
});
