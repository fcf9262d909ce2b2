import { describe, expect, test } from 'vitest';
import type { ResellerLicense } from '../upgrade-session/schema.ts';
import { formatMoney, formatPercent } from './money.ts';
import type { ShopProductIds } from './products.ts';
import { priceShopProducts, purchaseCart, shopProducts, type Purchase } from './purchase.ts';
import { vatRate } from './vat.ts';

const tenProSeats: Purchase = { purchaseType: 'new', licenseClass: 'pro', seatCount: 10, dvdCount: 0 };
const productIds: ShopProductIds = {
  'M9-PRO': 801,
  'M9-PER': 802,
  'M9-PROU': 803,
  'M9-PERU': 804,
  'M9-DVD': 805,
};

function reseller(uid: string, size: number, quantity: number, dvdCount = 0): ResellerLicense {
  return {
    uid,
    class: 'pro',
    properties: { size, dvdCount, delivery: 'download', licenseType: 'full' },
    version: '9',
    customerReference: `Lizenz ${uid}`,
    quantity,
  };
}

describe('prices (DESIGN.md §4 anchors)', () => {
  test('10 pro seats in Germany cost 513,00 € gross', () => {
    const cart = purchaseCart(tenProSeats, 'DE');
    expect(cart.totals).toEqual({ net: 43109, vat: 8191, vatRate: 19, gross: 51300 });
    expect(cart.groupedLineItems).toEqual([
      {
        uid: 'license',
        customerReference: null,
        licenses: null,
        lineItems: [
          {
            sku: 'M9-PRO',
            title: 'Pro-Lizenz Version 9',
            quantity: 10,
            discountPercent: 43,
            shopUnitGross: 5130,
            itemBaseNet: 7563, // 90 / 1.19
            itemVolumeDiscount: 3252,
            itemNet: 4311, // 51,30 / 1.19
            itemVat: 819,
            itemGross: 5130, // 90 × 0.57
            net: 43109,
            vat: 8191,
            gross: 51300,
            vatRate: 19,
          },
        ],
      },
    ]);
  });

  test('Austria pays the German net plus 20 %: 431,09 + 86,22 = 517,31 €', () => {
    const cart = purchaseCart(tenProSeats, 'AT');
    expect(cart.totals).toEqual({ net: 43109, vat: 8622, vatRate: 20, gross: 51731 });
    expect(cart.groupedLineItems[0]!.lineItems[0]).toMatchObject({
      itemNet: 4311,
      itemVat: 862,
      itemGross: 5173,
    });
  });

  test('10 pro seats and one DVD in Germany: 528,00 € gross, 84,30 € VAT (the paid shop order)', () => {
    const cart = purchaseCart({ ...tenProSeats, dvdCount: 1 }, 'DE');
    expect(cart.totals).toEqual({ net: 44370, vat: 8430, vatRate: 19, gross: 52800 });
    expect(cart.groupedLineItems[0]!.lineItems[1]).toMatchObject({
      sku: 'M9-DVD',
      title: 'Zusätzliche DVD Version 9',
      quantity: 1,
      discountPercent: 0,
      itemNet: 1261,
      itemVat: 239,
      gross: 1500,
    });
  });
});

describe('prices by purchase', () => {
  test.each([
    // country, VAT rate, net, VAT, gross of 10 pro seats
    ['DE', 19, 43109, 8191, 51300],
    ['CH', 8.1, 43109, 3492, 46601],
    ['LI', 8.1, 43109, 3492, 46601],
    ['FI', 25.5, 43109, 10993, 54102],
    ['HU', 27, 43109, 11639, 54748],
    ['LU', 17, 43109, 7329, 50438],
    ['US', 0, 43109, 0, 43109],
    ['NO', 0, 43109, 0, 43109],
  ])('%s: VAT %d %%', (country, rate, net, vat, gross) => {
    expect(purchaseCart(tenProSeats, country).totals).toEqual({ net, vat, vatRate: rate, gross });
  });

  test('a personal license is one seat at 80 € without discount', () => {
    const cart = purchaseCart(
      { purchaseType: 'new', licenseClass: 'personal', seatCount: 1, dvdCount: 1 },
      'DE',
    );
    expect(cart.groupedLineItems[0]!.lineItems.map((line) => [line.sku, line.gross])).toEqual([
      ['M9-PER', 8000],
      ['M9-DVD', 1500],
    ]);
    expect(cart.totals.gross).toBe(9500);
  });

  test('DVDs cost 15 € each whatever the seat count', () => {
    const cart = purchaseCart({ ...tenProSeats, seatCount: 300, dvdCount: 7 }, 'DE');
    const dvds = cart.groupedLineItems[0]!.lineItems[1]!;
    expect(dvds).toMatchObject({ quantity: 7, itemGross: 1500, gross: 10500, discountPercent: 0 });
    expect(cart.groupedLineItems[0]!.lineItems[0]).toMatchObject({ itemGross: 1350, gross: 405000 }); // 90 × 0.15
  });

  test('an update costs 33 € per pro seat, rounded half up after the factor', () => {
    // 33 × 0.365 = 12.045 → 12,05 €
    const cart = purchaseCart(
      { purchaseType: 'upgrade', licenseClass: 'pro', seatCount: 26, originalSeats: 26, dvdCount: 0 },
      'DE',
    );
    expect(cart.groupedLineItems[0]!.lineItems).toEqual([
      expect.objectContaining({ sku: 'M9-PROU', title: 'Update auf Pro-Lizenz Version 9', itemGross: 1205 }),
    ]);
    expect(cart.totals.gross).toBe(26 * 1205);
  });

  test('an update to more seats than before buys the extra seats as new pro seats', () => {
    const cart = purchaseCart(
      { purchaseType: 'upgrade', licenseClass: 'pro', seatCount: 8, originalSeats: 5, dvdCount: 0 },
      'DE',
    );
    expect(cart.groupedLineItems[0]!.lineItems.map((line) => [line.sku, line.quantity, line.gross])).toEqual([
      ['M9-PROU', 5, 10395], // 33 × 0.63 = 20,79
      ['M9-PRO', 3, 17010], // 90 × 0.63 = 56,70
    ]);
  });

  test('an update to fewer seats pays only those', () => {
    const cart = purchaseCart(
      { purchaseType: 'upgrade', licenseClass: 'pro', seatCount: 4, originalSeats: 10, dvdCount: 0 },
      'DE',
    );
    expect(cart.totals.gross).toBe(4 * 2541); // 33 × 0.77
  });

  test('a personal update is 30 €', () => {
    const cart = purchaseCart(
      { purchaseType: 'upgrade', licenseClass: 'personal', seatCount: 1, originalSeats: 1, dvdCount: 0 },
      'DE',
    );
    expect(cart.groupedLineItems[0]!.lineItems).toEqual([
      expect.objectContaining({ sku: 'M9-PERU', gross: 3000 }),
    ]);
  });

  test('an extension buys the added seats, priced by their number', () => {
    const cart = purchaseCart(
      { purchaseType: 'extension', licenseClass: 'pro', seatCount: 15, originalSeats: 10, dvdCount: 0 },
      'DE',
    );
    expect(cart.groupedLineItems[0]!.lineItems).toEqual([
      expect.objectContaining({
        sku: 'M9-PRO',
        title: 'Erweiterung Pro-Lizenz Version 9',
        quantity: 5,
        gross: 32400,
      }),
    ]);
  });

  test('a reseller line is priced by its own license size, not by the whole cart', () => {
    const cart = purchaseCart(
      { purchaseType: 'reseller', resellerLicenses: [reseller('1', 10, 3, 1), reseller('2', 1, 5)] },
      'DE',
    );
    // Each line knows its licenses: its 30 pro seats are 3 licenses of 10 („3 Lizenzen × 10 Arbeitsplätze”).
    expect(
      cart.groupedLineItems.map((group) => [group.uid, group.customerReference, group.licenses]),
    ).toEqual([
      ['1', 'Lizenz 1', { count: 3, size: 10 }],
      ['2', 'Lizenz 2', { count: 5, size: 1 }],
    ]);
    const [first, second] = cart.groupedLineItems;
    expect(first!.lineItems.map((line) => [line.sku, line.quantity, line.itemGross, line.gross])).toEqual([
      ['M9-PRO', 30, 5130, 153900],
      ['M9-DVD', 3, 1500, 4500],
    ]);
    expect(second!.lineItems.map((line) => [line.sku, line.quantity, line.itemGross])).toEqual([
      ['M9-PRO', 5, 9000],
    ]);
    expect(cart.totals.gross).toBe(153900 + 4500 + 45000);
  });

  test('outside a reseller order all pro seats of the cart pick the factor', () => {
    // 5 updated + 25 extra seats: factor of 30 for both lines
    const cart = purchaseCart(
      { purchaseType: 'upgrade', licenseClass: 'pro', seatCount: 30, originalSeats: 5, dvdCount: 0 },
      'DE',
    );
    expect(cart.groupedLineItems[0]!.lineItems.map((line) => line.discountPercent)).toEqual([
      Math.round((1 - 0.345) * 100),
      Math.round((1 - 0.345) * 100),
    ]);
  });
});

describe('shop products', () => {
  test('10 pro seats and a DVD become M9-PRO × 10 and M9-DVD × 1 with the configured ids', () => {
    expect(shopProducts({ ...tenProSeats, dvdCount: 1 }, productIds)).toEqual([
      { sku: 'M9-PRO', productType: 'license', productId: 801, class: 'pro', type: 'full', quantity: 10 },
      { sku: 'M9-DVD', productType: 'dvd', productId: 805, class: null, type: null, quantity: 1 },
    ]);
  });

  test('updates use the U products; lines without quantity are left out', () => {
    expect(
      shopProducts(
        { purchaseType: 'upgrade', licenseClass: 'personal', seatCount: 1, originalSeats: 1, dvdCount: 0 },
        productIds,
      ),
    ).toEqual([
      {
        sku: 'M9-PERU',
        productType: 'license',
        productId: 804,
        class: 'personal',
        type: 'update',
        quantity: 1,
      },
    ]);
    expect(
      shopProducts(
        { purchaseType: 'upgrade', licenseClass: 'pro', seatCount: 12, originalSeats: 10, dvdCount: 0 },
        productIds,
      ).map((product) => [product.sku, product.quantity]),
    ).toEqual([
      ['M9-PROU', 10],
      ['M9-PRO', 2],
    ]);
  });

  test('reseller products carry their license uid and customer reference', () => {
    expect(
      shopProducts({ purchaseType: 'reseller', resellerLicenses: [reseller('7', 4, 2, 1)] }, productIds),
    ).toEqual([
      expect.objectContaining({ sku: 'M9-PRO', quantity: 8, licenseUid: '7', customerReference: 'Lizenz 7' }),
      expect.objectContaining({ sku: 'M9-DVD', quantity: 2, licenseUid: '7', customerReference: 'Lizenz 7' }),
    ]);
  });
});

describe('the cart a shop prices from the products it received', () => {
  test.each<[string, Purchase, string]>([
    [
      '10 pro seats and a DVD',
      { purchaseType: 'new', licenseClass: 'pro', seatCount: 10, dvdCount: 1 },
      'DE',
    ],
    [
      'a personal license',
      { purchaseType: 'new', licenseClass: 'personal', seatCount: 1, dvdCount: 0 },
      'AT',
    ],
    [
      'an update to more seats',
      { purchaseType: 'upgrade', licenseClass: 'pro', seatCount: 30, dvdCount: 2, originalSeats: 12 },
      'DE',
    ],
    [
      'an extension',
      { purchaseType: 'extension', licenseClass: 'pro', seatCount: 40, dvdCount: 0, originalSeats: 25 },
      'CH',
    ],
    [
      'three reseller lines',
      {
        purchaseType: 'reseller',
        resellerLicenses: [reseller('1', 10, 3, 1), reseller('2', 1, 5, 0), reseller('3', 120, 1, 2)],
      },
      'DE',
    ],
  ])('%s: the same totals as the assistant showed', (_, purchase, country) => {
    const shopCart = priceShopProducts(shopProducts(purchase, productIds), country);
    expect(shopCart.totals).toEqual(purchaseCart(purchase, country).totals);
    // The shop page reads a reseller line's licenses from its products alone, as the assistant counts them.
    expect(shopCart.groupedLineItems.map((group) => group.licenses)).toEqual(
      purchaseCart(purchase, country).groupedLineItems.map((group) => group.licenses),
    );
  });
});

describe('money and VAT formats', () => {
  test.each([
    [0, '0,00 €'],
    [5, '0,05 €'],
    [51300, '513,00 €'],
    [123450, '1.234,50 €'],
    [123456789, '1.234.567,89 €'],
  ])('%i cents read %s (no-break space before €)', (cents, text) => {
    expect(formatMoney(cents)).toBe(text.replace(' ', '\u00a0'));
  });

  test.each([
    [19, '19 %'],
    [25.5, '25,5 %'],
    [8.1, '8,1 %'],
    [0, '0 %'],
  ])('%d %% reads %s', (percent, text) => {
    expect(formatPercent(percent)).toBe(text.replace(' ', '\u00a0'));
  });

  test('countries outside the table pay no VAT', () => {
    expect(vatRate('US')).toBe(0);
    expect(vatRate('toString')).toBe(0);
    expect(vatRate('DE')).toBe(19);
  });
});
