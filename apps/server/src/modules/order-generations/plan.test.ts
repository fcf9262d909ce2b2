import { describe, expect, test } from 'vitest';
import {
  orderGenerationErrors,
  toShopOrder,
  wooCommerceOrderSchema,
  type ShopOrder,
} from '@lizenzportal/domain';
import { DEFAULT_SHOP_PRODUCT_IDS } from '../../config.ts';
import { orderNumbered } from '../shop/test-orders.ts';
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

const resellerSession: SessionFacts = {
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
};

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
    expect(
      plan(reseller, { ...resellerSession, resellerLicenses: [resellerSession.resellerLicenses[1]!] }),
    ).toMatchObject({
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
      orderGenerationErrors.resellerLineMismatch('Schule Nord'),
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
