/**
 * What is delivered is what was paid (issue #33, decision 060): orders in WooCommerce's real shape
 * whose paid lines differ from what their session priced are refused with both sides named and
 * change nothing; what they paid is kept beside the portal's price, and staff find every order
 * whose money or goods do not match under „Braucht Aufmerksamkeit”.
 */
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { orderGenerationErrors, type OrderGeneration, type WooCommerceOrder } from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { bearer, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';
import { webhookSignature } from './signature.ts';
import { pricedOrder } from './test-orders.ts';

const SECRET = 'paid-orders-secret';
const ctx = useTestApp({ WORKER: 'inline', SHOP_WEBHOOK_SECRET: SECRET });
const { accessTokenOf, created, newPurchase } = sessionHelpers(ctx);

const SETTLE = 'Geliefert wurde nichts: bitte mit dem Kunden klären (neu bestellen lassen oder erstatten).';
const holder = {
  holderType: 'organization',
  name: 'Förderschule Am Park',
  email: 'park@example.com',
  contact: 'Frau Yılmaz',
};

type Product = { sku: 'M9-PRO' | 'M9-PER' | 'M9-PROU' | 'M9-PERU' | 'M9-DVD'; quantity: number };
type HandOff = { sessionId: string; sessionToken: string };

/** An update session of version 8 licenses of these sizes to a pro license, its holder chosen. */
async function updateSession(originalSizes: number[], properties: { size: number; dvdCount: number }) {
  const originals = [];
  for (const size of originalSizes) {
    originals.push(await ctx.createLicense({ version: '8', properties: { class: 'multiple', size } }));
  }
  const { session, token } = await created(
    newPurchase({
      purchaseType: 'upgrade',
      fromVersion: '8',
      originalLicenses: originals.map((original) => original._id),
      accessTokens: await Promise.all(originals.map(accessTokenOf)),
      properties: null,
    }),
  );
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/upgrade-session/${session._id}`,
    headers: bearer(token),
    payload: { properties: { class: 'pro', ...properties }, holder },
  });
  expect(patched.statusCode).toBe(200);
  return { sessionId: session._id, sessionToken: token };
}

/** An extension session of a version 9 pro license of `seats` to these properties. */
async function extensionSession(seats: number, properties: { size: number; dvdCount: number }) {
  const original = await ctx.createLicense({
    version: '9',
    properties: { class: 'pro', size: seats, dvdCount: 0 },
  });
  const { session, token } = await created(
    newPurchase({
      purchaseType: 'extension',
      fromVersion: '9',
      originalLicenses: [original._id],
      accessTokens: [await accessTokenOf(original)],
      properties: { class: 'pro', ...properties },
    }),
  );
  return { sessionId: session._id, sessionToken: token };
}

/** The paid order of these products at the shop's price of them, for the session of `handOff`. */
function sessionOrder(
  number: number,
  handOff: HandOff,
  purchaseType: 'upgrade' | 'extension' | 'new',
  products: Product[],
) {
  return pricedOrder(number, { ...handOff, purchaseType, products });
}

/** Sends the order through the webhook and waits for its generation to finish. */
async function generated(order: WooCommerceOrder): Promise<OrderGeneration> {
  const body = JSON.stringify(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': webhookSignature(body, SECRET) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  const id = response.json().data.orderGeneration as string;
  return eventually(async () => {
    const generation = await ctx.app.services.orderGenerations.get(id);
    return generation.progress === 'in-progress' ? undefined : generation;
  }, 30_000);
}

/** Everything an order could create or change: the licenses as they are, the deliveries. */
async function portalState() {
  const { rows: licenses } = await sql`
    select id, status, size, dvd_count, class, updated_to_license, holder_name from license order by id
  `.execute(ctx.database.db);
  const { rows: deliveries } = await sql`select id from delivery order by id`.execute(ctx.database.db);
  return { licenses, deliveries };
}

/** „Braucht Aufmerksamkeit” as the back office's overview counts it. */
async function attention(): Promise<Record<string, number>> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/overview/attention',
    headers: await ctx.adminHeaders(),
  });
  const items = response.json().data.items as { item: string; count: number }[];
  return Object.fromEntries(items.map(({ item, count }) => [item, count]));
}

const session = (id: string) => ctx.app.services.upgradeSessions.detail(id);

// Generations, documents and mails run as jobs: generous under a loaded machine.
describe('the paid lines decide', { timeout: 60_000 }, () => {
  test.each([
    {
      row: '1 × M9-PROU (33,00 €) with the update of two v8 licenses of 60 + 40 seats',
      session: () => updateSession([60, 40], { size: 100, dvdCount: 0 }),
      purchaseType: 'upgrade' as const,
      paid: [{ sku: 'M9-PROU', quantity: 1 }] satisfies Product[],
      paidGross: 3300,
      portalGross: 56_100,
      reason: `Bezahlt: 1 × Update auf Pro-Lizenz Version 9; die Upgrade-Session verlangt 100 × Update auf Pro-Lizenz Version 9. ${SETTLE}`,
    },
    {
      row: '100 × M9-PROU (561,00 €) for an update to 120 seats',
      session: () => updateSession([60, 40], { size: 120, dvdCount: 0 }),
      purchaseType: 'upgrade' as const,
      paid: [{ sku: 'M9-PROU', quantity: 100 }] satisfies Product[],
      paidGross: 56_100,
      portalGross: 85_640,
      reason: `Bezahlt: 100 × Update auf Pro-Lizenz Version 9; die Upgrade-Session verlangt 100 × Update auf Pro-Lizenz Version 9, 20 × Pro-Lizenz Version 9. ${SETTLE}`,
    },
    {
      row: '1 × M9-PRO (90,00 €) with the extension of a 10-seat pro license to 25',
      session: () => extensionSession(10, { size: 25, dvdCount: 0 }),
      purchaseType: 'extension' as const,
      paid: [{ sku: 'M9-PRO', quantity: 1 }] satisfies Product[],
      paidGross: 9000,
      portalGross: 63_450,
      reason: `Bezahlt: 1 × Pro-Lizenz Version 9; die Upgrade-Session verlangt 15 × Pro-Lizenz Version 9. ${SETTLE}`,
    },
    {
      row: '2 × M9-PRO and no DVD line with the extension of 10 to 12 seats with 2 DVDs',
      session: () => extensionSession(10, { size: 12, dvdCount: 2 }),
      purchaseType: 'extension' as const,
      paid: [{ sku: 'M9-PRO', quantity: 2 }] satisfies Product[],
      paidGross: 15_660,
      portalGross: 18_660,
      reason: `Bezahlt: 2 × Pro-Lizenz Version 9; die Upgrade-Session verlangt 2 × Pro-Lizenz Version 9, 2 × Zusätzliche DVD Version 9. ${SETTLE}`,
    },
  ])('$row: refused, nothing created or changed, under „Braucht Aufmerksamkeit”', async (row) => {
    const handOff = await row.session();
    const before = await portalState();
    const attentionBefore = await attention();

    const generation = await generated(sessionOrder(5001, handOff, row.purchaseType, row.paid));
    expect(generation).toMatchObject({
      progress: 'failed',
      error: row.reason,
      licenses: [],
      paidTwiceFor: null,
    });
    // What the shop charged for the changed cart, beside what the session priced.
    expect(generation.payment).toMatchObject({
      currency: 'EUR',
      paid: { gross: row.paidGross },
      portal: { gross: row.portalGross },
    });
    expect(await portalState()).toEqual(before);
    expect(await session(handOff.sessionId)).toMatchObject({
      status: 'failed',
      orderId: '5001',
      productLicense: null,
      beforeExtension: null,
    });
    expect(await attention()).toMatchObject({
      failedOrderGenerations: attentionBefore['failedOrderGenerations']! + 1,
      paidTwice: 0,
      // Its amount differs too, but a failed generation is counted once, as failed.
      amountDiffers: 0,
    });
  });

  test('the quantities the session priced are delivered as before, the amounts side by side', async () => {
    const handOff = await updateSession([60, 40], { size: 120, dvdCount: 1 });
    const generation = await generated(
      sessionOrder(5002, handOff, 'upgrade', [
        { sku: 'M9-PROU', quantity: 100 },
        { sku: 'M9-PRO', quantity: 20 },
        { sku: 'M9-DVD', quantity: 1 },
      ]),
    );
    expect(generation).toMatchObject({ progress: 'completed', error: null, amountDiffers: false });
    const license = await ctx.app.services.licenses.get(generation.licenses[0]!, { type: 'admin' } as never);
    expect(license).toMatchObject({ properties: { class: 'pro', type: 'update', size: 120, dvdCount: 1 } });
    // 120 seats at the factor of 120 (0.168): 100 × 5,54 € + 20 × 15,12 € + one DVD of 15,00 €.
    const gross = 100 * 554 + 20 * 1512 + 1500;
    expect(generation.payment).toMatchObject({
      currency: 'EUR',
      paid: { gross },
      portal: { gross },
      coupons: [],
    });
    expect(generation.payment.paid).toEqual(generation.payment.portal);
    expect(await attention()).toMatchObject({ failedOrderGenerations: 0, amountDiffers: 0 });
  });
});

describe('staff see the money', { timeout: 60_000 }, () => {
  /** The order with its lines of the portal repriced at `grossCents` in all (German VAT). */
  function charged(order: WooCommerceOrder, grossCents: number): WooCommerceOrder {
    const lines = order.line_items!;
    const net = Math.round(grossCents / 1.19);
    const money = (cents: number) => (cents / 100).toFixed(2);
    return {
      ...order,
      total: money(grossCents),
      total_tax: money(grossCents - net),
      line_items: lines.map((line, index) => {
        const lineGross = index === 0 ? grossCents : 0;
        const lineNet = index === 0 ? net : 0;
        return {
          ...line,
          subtotal: money(lineNet),
          total: money(lineNet),
          total_tax: money(lineGross - lineNet),
        };
      }),
    };
  }

  test('1,00 € for 100 update seats and 0,01 € for 100 new seats: delivered, flagged „Betrag weicht ab”', async () => {
    const handOff = await updateSession([60, 40], { size: 100, dvdCount: 0 });
    const update = await generated(
      charged(sessionOrder(5101, handOff, 'upgrade', [{ sku: 'M9-PROU', quantity: 100 }]), 100),
    );
    expect(update).toMatchObject({ progress: 'completed', amountDiffers: true });
    expect(update.payment).toMatchObject({
      paid: { gross: 100, net: 84, tax: 16 },
      portal: { gross: 56_100 },
    });
    const newSeats = await generated(
      charged(pricedOrder(5102, { products: [{ sku: 'M9-PRO', quantity: 100 }] }), 1),
    );
    expect(newSeats).toMatchObject({ progress: 'completed', amountDiffers: true });
    expect(newSeats.payment).toMatchObject({ paid: { gross: 1 }, portal: { gross: 153_000 } });
    expect(await attention()).toMatchObject({ amountDiffers: 2, failedOrderGenerations: 0 });

    const admin = await ctx.adminHeaders();
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/order-generation?amountDiffers=true&sort=order',
      headers: admin,
    });
    expect(listed.json().data.orderGenerations.map((row: OrderGeneration) => row.order)).toEqual([
      '5101',
      '5102',
    ]);
  });

  test('a coupon explains a lower amount: not flagged; another currency is', async () => {
    const order = pricedOrder(5201, { products: [{ sku: 'M9-PRO', quantity: 10 }] });
    const withCoupon: WooCommerceOrder = {
      ...order,
      total: '461.70',
      total_tax: '73.72',
      discount_total: '43.11',
      discount_tax: '8.19',
      coupon_lines: [{ id: 1, code: 'schule10', discount: '43.11', discount_tax: '8.19' }],
      line_items: order.line_items!.map((line) => ({ ...line, total: '387.98', total_tax: '73.72' })),
    };
    const couponed = await generated(withCoupon);
    expect(couponed).toMatchObject({ progress: 'completed', amountDiffers: false });
    expect(couponed.payment).toMatchObject({
      discount: 4311,
      coupons: [{ code: 'schule10', discount: 4311 }],
      paid: { gross: 46_170 },
      portal: { gross: 51_300 },
    });

    const inFrancs = await generated({
      ...pricedOrder(5202, { products: [{ sku: 'M9-PRO', quantity: 10 }] }),
      currency: 'CHF',
    });
    expect(inFrancs).toMatchObject({ progress: 'completed', amountDiffers: true });
    expect(inFrancs.payment.currency).toBe('CHF');

    // Rounding is no difference: a cent off on the one line.
    const rounded = pricedOrder(5203, { products: [{ sku: 'M9-PRO', quantity: 10 }] });
    const offByACent = await generated({
      ...rounded,
      line_items: rounded.line_items!.map((line) => ({ ...line, total: '431.10' })),
    });
    expect(offByACent.amountDiffers).toBe(false);
    expect(await attention()).toMatchObject({ amountDiffers: 1 });
  });
});

describe('a second payment of an ordered session', { timeout: 60_000 }, () => {
  test('fails as „Doppelt bezahlt?” naming the first order, creates nothing, and is counted on its own', async () => {
    const { session: offered, token } = await created(newPurchase());
    const products: Product[] = [
      { sku: 'M9-PRO', quantity: 10 },
      { sku: 'M9-DVD', quantity: 1 },
    ];
    const handOff = { sessionId: offered._id, sessionToken: token };
    const first = await generated(sessionOrder(5301, handOff, 'new', products));
    expect(first).toMatchObject({ progress: 'completed', paidTwiceFor: null });
    const before = await portalState();

    const second = await generated(sessionOrder(5302, handOff, 'new', products));
    expect(second).toMatchObject({
      progress: 'failed',
      error: orderGenerationErrors.paidTwice('5301'),
      paidTwiceFor: '5301',
      licenses: [],
      upgradeSession: offered._id,
    });
    expect(second.error).toMatch(/^Doppelt bezahlt\? Die Upgrade-Session gehört bereits zur Bestellung 5301/);
    expect(await portalState()).toEqual(before);
    expect(await session(offered._id)).toMatchObject({ status: 'completed', orderId: '5301' });
    expect(await attention()).toMatchObject({ paidTwice: 1, failedOrderGenerations: 0 });

    const admin = await ctx.adminHeaders();
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/order-generation?paidTwiceFor',
      headers: admin,
    });
    expect(listed.json().data.orderGenerations).toMatchObject([{ order: '5302', paidTwiceFor: '5301' }]);
  });
});
