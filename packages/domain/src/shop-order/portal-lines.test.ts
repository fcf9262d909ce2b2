import { describe, expect, test } from 'vitest';
import type { ShopProductIds } from '../pricing/products.ts';
import { splitOrderLines } from './portal-lines.ts';
import type { ShopOrderLine } from './woocommerce-order.ts';

const PRODUCT_IDS: ShopProductIds = {
  'M9-PRO': 801,
  'M9-PER': 802,
  'M9-PROU': 803,
  'M9-PERU': 804,
  'M9-DVD': 805,
};

const line = (name: string, sku: string | null, quantity: number): ShopOrderLine => ({
  id: null,
  name,
  sku,
  productId: null,
  variationId: null,
  quantity,
  licenseUid: null,
  customerReference: null,
});

describe('an order line of quantity 0', () => {
  test('is neither generated nor named among the lines the shop fulfils', () => {
    const licenses = line('METACOM 9 Pro', 'M9-PRO', 2);
    const book = line('Handbuch (gedruckt)', null, 1);
    const { portal, others } = splitOrderLines(
      [licenses, line('METACOM 9 Pro', 'M9-PRO', 0), book, line('Symbolkarten', null, 0)],
      PRODUCT_IDS,
    );
    expect(portal).toEqual([{ line: licenses, sku: 'M9-PRO' }]);
    expect(others).toEqual([book]);
  });
});
