/**
 * Refunds and cancellations after a paid order (decision 066), as WooCommerce sends them: the
 * order's `order.updated` webhook with its status and its `refunds` array. The generation job is
 * run by the test (`WORKER` off), so a refund can come before it.
 */
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import {
  berlinTime,
  refundLinesMessages,
  type OverviewFigureData,
  type WooCommerceOrder,
} from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { queuedJobs } from '../../test/database.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import { webhookSignature } from './signature.ts';
import { orderNumbered, wooCommerceJson } from './test-orders.ts';

const SECRET = 'refunds-test-secret';
const ctx = useTestApp({ SHOP_WEBHOOK_SECRET: SECRET });

/** Posts the order as WooCommerce's `order.updated` webhook does. */
async function deliver(order: WooCommerceOrder) {
  const body = wooCommerceJson(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': 'order.updated',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-signature': webhookSignature(body, SECRET),
    },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as { received: string; orderGeneration: string | null };
}

/** The generation job, as the worker runs it. */
const generate = (id: string) => ctx.app.services.orderGenerator.run(id);

async function adminGet(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: await ctx.adminHeaders() });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const generation = async (id: string) => (await adminGet(`/api/v1/order-generation/${id}`)).orderGeneration;

async function attentionCount(item: string): Promise<number> {
  const { items } = await adminGet('/api/v1/overview/attention');
  return items.find((entry: { item: string }) => entry.item === item).count;
}

const counts = async () => {
  const { rows } = await sql<{ licenses: number; deliveries: number }>`
    select (select count(*)::int from license) as licenses, (select count(*)::int from delivery) as deliveries`.execute(
    ctx.database.db,
  );
  return rows[0]!;
};

/** The fixture's order refunded in the shop: status, its refunds, the moment it changed (UTC, as `…_gmt`). */
function refunded(
  number: number,
  refunds: { id: number; total: string; reason?: string }[],
  options: { status?: string; at?: string } = {},
): WooCommerceOrder {
  return orderNumbered(number, {
    status: options.status ?? 'refunded',
    date_modified_gmt: options.at ?? '2026-03-18T09:30:00',
    refunds: refunds.map((refund) => ({ reason: '', ...refund })),
  } as Partial<WooCommerceOrder>);
}

function nonZero(data: OverviewFigureData): Record<string, number> {
  return Object.fromEntries(
    data.buckets
      .filter((bucket) => bucket.values['revenue'] !== 0)
      .map((bucket) => [bucket.start, bucket.values['revenue']!]),
  );
}
const revenue = async () =>
  nonZero(await ctx.app.services.overview.figure('revenue', '4w', berlinTime(2026, 3, 18, 15, 0)));

/** A paid fixture order (10 pro seats and a DVD, 528,00 € of which 443,70 € net) generated on 16 March. */
async function generatedOrder(number: number): Promise<string> {
  const { received, orderGeneration } = await deliver(orderNumbered(number));
  expect(received).toBe('created');
  await generate(orderGeneration!);
  await sql`update order_generation set created_at = ${berlinTime(2026, 3, 16, 12, 0)} where id = ${orderGeneration}`.execute(
    ctx.database.db,
  );
  expect(await generation(orderGeneration!)).toMatchObject({ progress: 'completed', withdrawal: null });
  return orderGeneration!;
}

describe('refunds of a paid order', () => {
  test('a full refund: „Erstattet, Lizenzen noch aktiv”, paid and refunded on the generation, the revenue less on the refund’s day; the same refund twice changes nothing', async () => {
    const id = await generatedOrder(8100);
    expect(await revenue()).toEqual({ '2026-03-16': 44_370 });
    expect(await attentionCount('refundedActive')).toBe(0);

    const order = refunded(8100, [{ id: 8191, total: '-528.00', reason: 'Widerruf' }]);
    expect(await deliver(order)).toEqual({ received: 'noted', order: '8100', orderGeneration: id });
    const after = await generation(id);
    expect(after).toMatchObject({
      progress: 'completed',
      withdrawal: 'open',
      withdrawnStatus: 'refunded',
      withdrawnAt: '2026-03-18T09:30:00.000Z',
      payment: {
        paid: { gross: 52_800 },
        refunded: { gross: 52_800, net: 44_370, tax: 8430 },
        refunds: [
          { id: 8191, reason: 'Widerruf', gross: 52_800, net: 44_370, at: '2026-03-18T09:30:00.000Z' },
        ],
      },
    });
    expect(after.note).toBeNull();
    expect(await attentionCount('refundedActive')).toBe(1);
    const { orderGenerations } = await adminGet('/api/v1/order-generation?withdrawal=open');
    expect(orderGenerations.map((row: { _id: string }) => row._id)).toEqual([id]);
    // Nothing is withdrawn by itself (the default): the license still works.
    const [licenseId] = after.licenses;
    expect((await adminGet(`/api/v1/license/${licenseId}`)).license.status).not.toBe('disabled');
    expect(await revenue()).toEqual({ '2026-03-16': 44_370, '2026-03-18': -44_370 });

    // WooCommerce sends the order again (another save, the reconciliation): nothing changes.
    expect((await deliver({ ...order, date_modified_gmt: '2026-03-18T11:00:00' })).received).toBe('noted');
    const again = await generation(id);
    expect(again.updatedAt).toBe(after.updatedAt);
    expect(again.payment.refunds).toHaveLength(1);
    expect(await revenue()).toEqual({ '2026-03-16': 44_370, '2026-03-18': -44_370 });
  });

  test('a partial refund of a paid order: listed with its amount and reason, the status still paid', async () => {
    const id = await generatedOrder(8200);
    const order = refunded(8200, [{ id: 8291, total: '-52.80', reason: 'Eine DVD zu viel' }], {
      status: 'completed',
      at: '2026-03-17T08:00:00',
    });
    expect((await deliver(order)).received).toBe('noted');
    expect(await generation(id)).toMatchObject({
      withdrawal: 'open',
      withdrawnStatus: null,
      payment: { refunded: { gross: 5280, net: 4437 }, refunds: [{ id: 8291, reason: 'Eine DVD zu viel' }] },
    });
    expect(await revenue()).toEqual({ '2026-03-16': 44_370, '2026-03-17': -4437 });

    // A second partial refund later: both kept, each on its day.
    const second = refunded(
      8200,
      [
        { id: 8291, total: '-52.80', reason: 'Eine DVD zu viel' },
        { id: 8292, total: '-100.00' },
      ],
      { status: 'completed', at: '2026-03-18T10:00:00' },
    );
    expect((await deliver(second)).received).toBe('noted');
    expect((await generation(id)).payment).toMatchObject({
      refunded: { gross: 15_280 },
      refunds: [
        { id: 8291, at: '2026-03-17T08:00:00.000Z' },
        { id: 8292, reason: null, at: '2026-03-18T10:00:00.000Z' },
      ],
    });
    expect(await revenue()).toEqual({ '2026-03-16': 44_370, '2026-03-17': -4437, '2026-03-18': -8403 });
  });

  test('a cancellation after payment without a refund: the whole net off the revenue on its day', async () => {
    const id = await generatedOrder(8300);
    const order = refunded(8300, [], { status: 'cancelled', at: '2026-03-17T10:00:00' });
    expect((await deliver(order)).received).toBe('noted');
    expect(await generation(id)).toMatchObject({
      withdrawal: 'open',
      withdrawnStatus: 'cancelled',
      payment: { refunded: null, refunds: [] },
    });
    expect(await revenue()).toEqual({ '2026-03-16': 44_370, '2026-03-17': -44_370 });
  });

  test('a paid order without refunds that comes again stays as it was', async () => {
    const id = await generatedOrder(8400);
    const before = await generation(id);
    expect(await deliver(orderNumbered(8400))).toMatchObject({ received: 'known', orderGeneration: id });
    expect((await generation(id)).updatedAt).toBe(before.updatedAt);
  });
});

describe('a refund before the generation ran', () => {
  test('refunded in full before the job ran: nothing is created, the generation says so', async () => {
    const { orderGeneration: id } = await deliver(orderNumbered(8500));
    expect(await generation(id!)).toMatchObject({ progress: 'in-progress' });
    expect((await deliver(refunded(8500, [{ id: 8591, total: '-528.00' }]))).received).toBe('noted');
    expect(await generation(id!)).toMatchObject({ progress: 'in-progress', withdrawal: null });

    await generate(id!);
    const after = await generation(id!);
    expect(after).toMatchObject({
      progress: 'completed',
      licenses: [],
      withdrawal: 'nothing-made',
      note: 'Die Bestellung wurde im Shop vor der Generierung erstattet: Es wurde nichts erzeugt.',
    });
    expect(await counts()).toEqual({ licenses: 0, deliveries: 0 });
    expect(await attentionCount('refundedActive')).toBe(0);
  });

  test('an order the portal first sees refunded is not generated', async () => {
    const answer = await deliver(refunded(8600, [{ id: 8691, total: '-528.00' }]));
    expect(answer).toMatchObject({ received: 'not-paid', orderGeneration: null });
    expect(await counts()).toEqual({ licenses: 0, deliveries: 0 });
  });

  test('refunded in part before the job ran: the licenses are made, and staff decide', async () => {
    const paidWithRefund = refunded(8700, [{ id: 8791, total: '-52.80' }], { status: 'processing' });
    const { received, orderGeneration: id } = await deliver(paidWithRefund);
    expect(received).toBe('created');
    await generate(id!);
    expect(await generation(id!)).toMatchObject({
      progress: 'completed',
      withdrawal: 'open',
      payment: { refunded: { gross: 5280 } },
    });
    expect((await counts()).licenses).toBe(1);
  });
});

describe('a generation that failed and was then refunded', () => {
  test('counts as failed, not as „Erstattet, Lizenzen noch aktiv”: it made no license', async () => {
    const withoutEmail = orderNumbered(8800, { billing: { ...orderNumbered(8800).billing, email: '' } });
    const { orderGeneration: id } = await deliver(withoutEmail);
    await generate(id!);
    expect(await generation(id!)).toMatchObject({ progress: 'failed', licenses: [] });

    const order = { ...refunded(8800, [{ id: 8891, total: '-528.00' }]), billing: withoutEmail.billing };
    expect((await deliver(order)).received).toBe('noted');
    expect(await generation(id!)).toMatchObject({
      progress: 'failed',
      withdrawal: null,
      withdrawnStatus: 'refunded',
      payment: { refunded: { gross: 52_800 } },
    });
    expect(await attentionCount('failedOrderGenerations')).toBe(1);
    expect(await attentionCount('refundedActive')).toBe(0);
    const { orderGenerations } = await adminGet('/api/v1/order-generation?withdrawal=open');
    expect(orderGenerations).toEqual([]);
  });
});

describe('the lines of a refund without the shop’s REST key', () => {
  test('the generation says they cannot be asked, instead of waiting for them', async () => {
    const id = await generatedOrder(8900);
    await deliver(refunded(8900, [{ id: 8991, total: '-52.80' }], { status: 'completed' }));
    expect(await queuedJobs(ctx.database, JOBS.fetchRefundLines.name)).toEqual([{ orderGenerationId: id }]);
    await ctx.app.services.shop.refundLines.fetch(id);
    expect(await generation(id)).toMatchObject({
      refundLinesProblem: refundLinesMessages.notConfigured,
      payment: { refunds: [{ id: 8991 }] },
    });
    expect((await generation(id)).payment.refunds[0].lines).toBeUndefined();
  });
});
