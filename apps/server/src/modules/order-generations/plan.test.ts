import { describe, expect, test } from 'vitest';
import {
  orderGenerationErrors,
  pricePurchase,
  toShopOrder,
  wooCommerceOrderSchema,
  type ShopOrder,
} from '@lizenzportal/domain';
import { DEFAULT_SHOP_PRODUCT_IDS } from '../../config.ts';
import { orderNumbered } from '../shop/test-orders.ts';
import { sessionPurchase } from '../upgrade-sessions/index.ts';
import { OrderProblem, planGeneration, type SessionFacts } from './plan.ts';

type Line = {
  sku?: string;
  product_id?: number;
  quantity: number;
  name?: string;
  meta?: Record<string, string>;
};

function order(lines: Line[], meta: Record<string, string> = {}): ShopOrder {
  return toShopOrder(
    wooCommerceOrderSchema.parse(
      orderNumbered(1, {
        meta_data: Object.entries(meta).map(([key, value]) => ({ key, value })),
        line_items: lines.map((line, index) => ({
          id: index + 1,
          name: line.name ?? line.sku ?? 'Produkt',
          product_id: line.product_id ?? 0,
          variation_id: 0,
          sku: line.sku ?? '',
          quantity: line.quantity,
          meta_data: Object.entries(line.meta ?? {}).map(([key, value]) => ({ key, value })),
        })),
      }),
    ),
  );
}

const plan = (shopOrder: ShopOrder, session: SessionFacts | null = null) =>
  planGeneration(shopOrder, DEFAULT_SHOP_PRODUCT_IDS, session);

function problem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof OrderProblem) return error.message;
    throw error;
  }
  throw new Error('no problem raised');
}

/** A session as the generator reads it: with what it priced, as the assistant priced it (in Germany). */
function facts(session: Omit<SessionFacts, 'priced' | 'offerNumber'>, offerNumber: string | null = null) {
  const purchase = sessionPurchase(session);
  return {
    ...session,
    offerNumber,
    priced: purchase && pricePurchase(purchase, 'DE'),
  } satisfies SessionFacts;
}

const resellerSession = facts({
  id: '11111111-1111-4111-8111-111111111111',
  purchaseType: 'reseller',
  properties: null,
  holder: null,
  originalLicenses: [],
  originalSeats: 0,
  resellerLicenses: [
    {
      uid: 'a',
      class: 'pro',
      properties: { size: 4, dvdCount: 1, delivery: 'download', licenseType: 'full' },
      version: '9',
      customerReference: 'Schule Nord',
      quantity: 2,
    },
    {
      uid: 'b',
      class: 'personal',
      properties: { size: 1, dvdCount: 0, delivery: 'download', licenseType: 'full' },
      version: '9',
      customerReference: 'Lizenz 2',
      quantity: 3,
    },
  ],
});

describe('what a paid order becomes', () => {
  test('new: a pro line is one license of that many seats, with the DVDs', () => {
    expect(
      plan(
        order([
          { sku: 'M9-PRO', quantity: 10 },
          { sku: 'M9-DVD', quantity: 2 },
        ]),
      ),
    ).toEqual({
      purchaseType: 'new',
      create: [
        { class: 'pro', type: 'full', size: 10, dvdCount: 2, count: 1, productSku: 'M9-PRO', notes: null },
      ],
    });
  });

  test('new: personal licenses are one seat each; a line without SKU is known by its product id', () => {
    expect(plan(order([{ product_id: 802, quantity: 3 }]))).toEqual({
      purchaseType: 'new',
      create: [
        {
          class: 'personal',
          type: 'full',
          size: 1,
          dvdCount: 0,
          count: 3,
          productSku: 'M9-PER',
          notes: null,
        },
      ],
    });
  });

  test('a line the portal does not sell (a book, by neither SKU nor product id) is left to the shop', () => {
    const book = { sku: 'BUCH-HB-2026', product_id: 912, quantity: 2, name: 'Handbuch (gedruckt)' };
    expect(plan(order([{ sku: 'M9-PRO', quantity: 3 }, book, { sku: 'M9-DVD', quantity: 1 }]))).toEqual({
      purchaseType: 'new',
      create: [
        { class: 'pro', type: 'full', size: 3, dvdCount: 1, count: 1, productSku: 'M9-PRO', notes: null },
      ],
    });
    // On a reseller order too: the book carries no license_uid, and needs none.
    const reseller = order(
      [{ sku: 'M9-PER', quantity: 3, meta: { license_uid: 'b', customer_reference: 'Lizenz 2' } }, book],
      { purchase_type: 'reseller', upgrade_session_id: resellerSession.id },
    );
    expect(plan(reseller, resellerSession)).toMatchObject({
      create: [{ class: 'personal', count: 3 }],
    });
  });

  test.each([
    ['DVDs only', [{ sku: 'M9-DVD', quantity: 1 }], orderGenerationErrors.noLicenseProduct],
    [
      'more DVDs than seats',
      [
        { sku: 'M9-PRO', quantity: 2 },
        { sku: 'M9-DVD', quantity: 3 },
      ],
      orderGenerationErrors.tooManyDvds(3, 2),
    ],
    [
      'DVDs for several licenses',
      [
        { sku: 'M9-PER', quantity: 2 },
        { sku: 'M9-DVD', quantity: 1 },
      ],
      orderGenerationErrors.unassignableDvds,
    ],
    [
      'an update product',
      [{ sku: 'M9-PROU', quantity: 2, name: 'Update' }],
      orderGenerationErrors.productNotForPurchaseType('Update', 'new'),
    ],
  ])('new: %s fails', (_, lines, message) => {
    expect(problem(() => plan(order(lines)))).toBe(message);
  });

  test('reseller: per session line its quantity of licenses, the customer reference in the notes', () => {
    const reseller = order(
      [
        { sku: 'M9-PRO', quantity: 8, meta: { license_uid: 'a', customer_reference: 'Schule Nord' } },
        { sku: 'M9-DVD', quantity: 2, meta: { license_uid: 'a', customer_reference: 'Schule Nord' } },
        { sku: 'M9-PER', quantity: 3, meta: { license_uid: 'b', customer_reference: 'Lizenz 2' } },
      ],
      { purchase_type: 'reseller', upgrade_session_id: resellerSession.id },
    );
    expect(plan(reseller, resellerSession)).toEqual({
      purchaseType: 'reseller',
      create: [
        {
          class: 'pro',
          type: 'full',
          size: 4,
          dvdCount: 1,
          count: 2,
          productSku: 'M9-PRO',
          notes: 'Kundenreferenz: Schule Nord',
        },
        {
          class: 'personal',
          type: 'full',
          size: 1,
          dvdCount: 0,
          count: 3,
          productSku: 'M9-PER',
          notes: 'Kundenreferenz: Lizenz 2',
        },
      ],
    });
  });

  test('reseller: without its session, or with lines the session does not know, it fails', () => {
    const line = { sku: 'M9-PRO', quantity: 8, meta: { license_uid: 'a' } };
    expect(problem(() => plan(order([line])))).toBe(orderGenerationErrors.sessionRequired('reseller'));
    expect(problem(() => plan(order([{ ...line, meta: { license_uid: 'z' } }]), resellerSession))).toBe(
      orderGenerationErrors.resellerLineUnknown('z'),
    );
    expect(problem(() => plan(order([{ ...line, quantity: 7 }]), resellerSession))).toBe(
      orderGenerationErrors.paidLinesDiffer(
        {
          customerReference: 'Schule Nord',
          paid: [{ sku: 'M9-PRO', quantity: 7 }],
          priced: [
            { sku: 'M9-PRO', quantity: 8 },
            { sku: 'M9-DVD', quantity: 2 },
          ],
        },
        resellerSession,
      ),
    );
  });

  test('reseller: a line paid with the other class’s product, or a session line twice under one uid, fails', () => {
    const meta = { license_uid: 'b', customer_reference: 'Lizenz 2' };
    const asPro = order([{ sku: 'M9-PRO', quantity: 3, meta }], { purchase_type: 'reseller' });
    expect(problem(() => plan(asPro, resellerSession))).toBe(
      orderGenerationErrors.paidLinesDiffer(
        {
          customerReference: 'Lizenz 2',
          paid: [{ sku: 'M9-PRO', quantity: 3 }],
          priced: [{ sku: 'M9-PER', quantity: 3 }],
        },
        resellerSession,
      ),
    );
    const twice = facts({
      ...resellerSession,
      resellerLicenses: Array(2).fill(resellerSession.resellerLicenses[1]!),
    });
    const once = order([{ sku: 'M9-PER', quantity: 3, meta }], { purchase_type: 'reseller' });
    expect(problem(() => plan(once, twice))).toMatch(
      /^Reseller-Position „Lizenz 2”: bezahlt: 3 × Persönliche/,
    );
  });

  test('a purchase type the portal does not know, or one its session contradicts, fails', () => {
    const lines = [{ sku: 'M9-PRO', quantity: 1 }];
    expect(problem(() => plan(order(lines, { purchase_type: 'gift' })))).toBe(
      orderGenerationErrors.unknownPurchaseType('gift'),
    );
    expect(problem(() => plan(order(lines, { purchase_type: 'new' }), resellerSession))).toBe(
      orderGenerationErrors.sessionOfOtherPurchaseType('reseller', 'new'),
    );
  });

  test('an order without e-mail address fails (nowhere to send the documents)', () => {
    const shopOrder = order([{ sku: 'M9-PRO', quantity: 1 }]);
    expect(problem(() => plan({ ...shopOrder, billing: { name: 'X', email: null } }))).toBe(
      orderGenerationErrors.noEmail,
    );
  });
});

/** An update or extension session of these seats as the assistant creates it, priced in Germany. */
function licenseSession(
  purchaseType: 'upgrade' | 'extension' | 'new',
  originalSeats: number,
  properties: { size: number; dvdCount: number },
  offerNumber: string | null = null,
): SessionFacts {
  return facts(
    {
      id: '22222222-2222-4222-8222-222222222222',
      purchaseType,
      properties: { class: 'pro', ...properties },
      holder: {
        holderType: 'organization',
        name: 'Förderschule Am Park',
        email: 'park@example.com',
        contact: 'Frau Yılmaz',
      },
      originalLicenses: purchaseType === 'new' ? [] : ['33333333-3333-4333-8333-333333333333'],
      originalSeats,
      resellerLicenses: [],
    },
    offerNumber,
  );
}

const meta = (purchaseType: string) => ({
  purchase_type: purchaseType,
  upgrade_session_id: '22222222-2222-4222-8222-222222222222',
});

describe('the paid lines decide (issue #33)', () => {
  test.each([
    [
      '1 × M9-PROU for an update of 60 + 40 seats',
      licenseSession('upgrade', 100, { size: 100, dvdCount: 0 }),
      [{ sku: 'M9-PROU', quantity: 1 }],
      'Bezahlt: 1 × Update auf Pro-Lizenz Version 9; die Upgrade-Session verlangt 100 × Update auf Pro-Lizenz Version 9.',
    ],
    [
      '100 × M9-PROU for an update to 120 seats',
      licenseSession('upgrade', 100, { size: 120, dvdCount: 0 }),
      [{ sku: 'M9-PROU', quantity: 100 }],
      'Bezahlt: 100 × Update auf Pro-Lizenz Version 9; die Upgrade-Session verlangt 100 × Update auf Pro-Lizenz Version 9, 20 × Pro-Lizenz Version 9.',
    ],
    [
      '1 × M9-PRO for an extension from 10 to 25 seats',
      licenseSession('extension', 10, { size: 25, dvdCount: 0 }),
      [{ sku: 'M9-PRO', quantity: 1 }],
      'Bezahlt: 1 × Pro-Lizenz Version 9; die Upgrade-Session verlangt 15 × Pro-Lizenz Version 9.',
    ],
    [
      '2 × M9-PRO and no DVD for an extension from 10 to 12 seats with 2 DVDs',
      licenseSession('extension', 10, { size: 12, dvdCount: 2 }),
      [{ sku: 'M9-PRO', quantity: 2 }],
      'Bezahlt: 2 × Pro-Lizenz Version 9; die Upgrade-Session verlangt 2 × Pro-Lizenz Version 9, 2 × Zusätzliche DVD Version 9.',
    ],
    [
      'more seats than the offer of a new purchase',
      licenseSession('new', 0, { size: 10, dvdCount: 1 }, 'ANG-2026-00042'),
      [
        { sku: 'M9-PRO', quantity: 12 },
        { sku: 'M9-DVD', quantity: 1 },
      ],
      'Bezahlt: 12 × Pro-Lizenz Version 9, 1 × Zusätzliche DVD Version 9; das Angebot ANG-2026-00042 verlangt 10 × Pro-Lizenz Version 9, 1 × Zusätzliche DVD Version 9.',
    ],
  ])('%s: refused, naming both sides', (_, session, lines, reason) => {
    expect(problem(() => plan(order(lines, meta(session.purchaseType)), session))).toBe(
      `${reason} Geliefert wurde nichts: bitte mit dem Kunden klären (neu bestellen lassen oder erstatten).`,
    );
  });

  test('the quantities the session priced are delivered as before', () => {
    const update = licenseSession('upgrade', 100, { size: 120, dvdCount: 1 });
    const paid = [
      { sku: 'M9-PROU', quantity: 100 },
      { sku: 'M9-PRO', quantity: 20 },
      { sku: 'M9-DVD', quantity: 1 },
    ];
    expect(plan(order(paid, meta('upgrade')), update)).toMatchObject({
      purchaseType: 'upgrade',
      create: { class: 'pro', type: 'update', size: 120, dvdCount: 1, count: 1, productSku: 'M9-PROU' },
    });
    const extension = licenseSession('extension', 10, { size: 12, dvdCount: 2 });
    expect(
      plan(
        order(
          [
            { sku: 'M9-DVD', quantity: 2 },
            { sku: 'M9-PRO', quantity: 2 },
          ],
          meta('extension'),
        ),
        extension,
      ),
    ).toMatchObject({ purchaseType: 'extension', size: 12, dvdCount: 2, originalSeats: 10 });
  });
});
