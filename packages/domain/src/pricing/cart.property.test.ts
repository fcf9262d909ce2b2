import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { COUNTRY_CODES } from '../countries/countries.ts';
import type { CartLineItem } from './cart.ts';
import { divideRounded } from './money.ts';
import { shownLineItems } from './shown-prices.ts';
import { purchaseCart, type Purchase } from './purchase.ts';

const country = fc.oneof(fc.constantFrom(...COUNTRY_CODES), fc.constantFrom('DE', 'AT', 'CH', 'FI'));

const licensePurchase = fc
  .record({
    licenseClass: fc.constantFrom('pro' as const, 'personal' as const),
    seatCount: fc.integer({ min: 1, max: 10_000 }),
    dvdFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ licenseClass, seatCount, dvdFraction }) => {
    const seats = licenseClass === 'personal' ? 1 : seatCount;
    return { licenseClass, seatCount: seats, dvdCount: Math.floor(seats * dvdFraction) };
  });

const purchase: fc.Arbitrary<Purchase> = fc.oneof(
  licensePurchase.map((license) => ({ purchaseType: 'new' as const, ...license })),
  fc
    .tuple(
      licensePurchase,
      fc.constantFrom('upgrade' as const, 'extension' as const),
      fc.integer({ min: 1, max: 10_000 }),
    )
    .map(([license, purchaseType, originalSeats]) => ({ purchaseType, originalSeats, ...license })),
  fc
    .array(
      fc.record({
        licenseClass: fc.constantFrom('pro' as const, 'personal' as const),
        size: fc.integer({ min: 1, max: 100_000 }),
        quantity: fc.integer({ min: 1, max: 100_000 }),
        dvdFraction: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map((lines) => ({
      purchaseType: 'reseller' as const,
      resellerLicenses: lines.map((line, index) => {
        const size = line.licenseClass === 'personal' ? 1 : line.size;
        return {
          uid: String(index + 1),
          class: line.licenseClass,
          properties: {
            size,
            dvdCount: Math.floor(size * line.dvdFraction),
            delivery: 'download' as const,
            licenseType: 'full' as const,
          },
          version: '9' as const,
          customerReference: `Lizenz ${index + 1}`,
          quantity: line.quantity,
        };
      }),
    })),
);

const AMOUNTS = [
  'itemBaseNet',
  'itemVolumeDiscount',
  'itemNet',
  'itemVat',
  'itemGross',
  'net',
  'vat',
  'gross',
] as const;

function lineItems(purchaseValue: Purchase, countryCode: string): CartLineItem[] {
  return purchaseCart(purchaseValue, countryCode).groupedLineItems.flatMap((group) => group.lineItems);
}

describe('cart properties', () => {
  test('totals are the sums of the lines, and gross = net + VAT on every line and in total', () => {
    fc.assert(
      fc.property(purchase, country, (purchaseValue, countryCode) => {
        const cart = purchaseCart(purchaseValue, countryCode);
        const lines = cart.groupedLineItems.flatMap((group) => group.lineItems);
        const sum = (field: 'net' | 'vat' | 'gross') => lines.reduce((total, line) => total + line[field], 0);
        expect(cart.totals.net).toBe(sum('net'));
        expect(cart.totals.vat).toBe(sum('vat'));
        expect(cart.totals.gross).toBe(sum('gross'));
        expect(cart.totals.gross).toBe(cart.totals.net + cart.totals.vat);
        for (const line of lines) {
          expect(line.gross).toBe(line.net + line.vat);
          expect(line.itemGross).toBe(line.itemNet + line.itemVat);
          expect(line.itemVolumeDiscount).toBe(line.itemBaseNet - line.itemNet);
        }
      }),
    );
  });

  test('every amount is a whole, non-negative number of cents', () => {
    fc.assert(
      fc.property(purchase, country, (purchaseValue, countryCode) => {
        for (const line of lineItems(purchaseValue, countryCode)) {
          for (const amount of AMOUNTS) {
            expect(Number.isSafeInteger(line[amount]), `${amount} = ${line[amount]}`).toBe(true);
            expect(line[amount]).toBeGreaterThanOrEqual(0);
          }
          expect(line.quantity).toBeGreaterThan(0);
        }
      }),
    );
  });

  test('in Germany the line gross is the unit gross times the quantity', () => {
    fc.assert(
      fc.property(purchase, (purchaseValue) => {
        for (const line of lineItems(purchaseValue, 'DE'))
          expect(line.gross).toBe(line.itemGross * line.quantity);
      }),
    );
  });

  test('every country pays the German net; only the VAT differs', () => {
    fc.assert(
      fc.property(purchase, country, (purchaseValue, countryCode) => {
        const nets = (code: string) => lineItems(purchaseValue, code).map((line) => [line.net, line.itemNet]);
        expect(nets(countryCode)).toEqual(nets('DE'));
      }),
    );
  });

  test('more pro seats never cost more per seat', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9_999 }), (seats) => {
        const unitGross = (seatCount: number) =>
          lineItems({ purchaseType: 'new', licenseClass: 'pro', seatCount, dvdCount: 0 }, 'DE')[0]!.itemGross;
        expect(unitGross(seats + 1)).toBeLessThanOrEqual(unitGross(seats));
      }),
    );
  });
});

/**
 * Decision 067: every row the cart and the offer PDF show adds up, in every country and size — the
 * arithmetic a buyer can do with the figures in front of them, to the cent.
 */
describe('the shown prices add up', () => {
  test('list price − discount = unit price, unit price × quantity = sum, sum ÷ 1.19 = net, and the nets = the total net', () => {
    fc.assert(
      fc.property(purchase, country, (purchaseValue, countryCode) => {
        const cart = purchaseCart(purchaseValue, countryCode);
        const shown = shownLineItems(cart).flat();
        for (const line of shown) {
          expect(line.listPrice - line.discount).toBe(line.unitPrice);
          expect(line.unitPrice * line.quantity).toBe(line.sum);
          expect(divideRounded(line.sum * 100, 119)).toBe(line.net);
        }
        expect(shown.reduce((total, line) => total + line.net, 0)).toBe(cart.totals.net);
        expect(cart.totals.net + cart.totals.vat).toBe(cart.totals.gross);
      }),
    );
  });

  test('in Germany the sums add up to the amount to pay', () => {
    fc.assert(
      fc.property(purchase, (purchaseValue) => {
        const cart = purchaseCart(purchaseValue, 'DE');
        const sums = shownLineItems(cart)
          .flat()
          .reduce((total, line) => total + line.sum, 0);
        expect(sums).toBe(cart.totals.gross);
      }),
    );
  });

  test('41 pro seats (issue 38): 26,10 € × 41 = 1.070,10 €, net 899,24 €', () => {
    const cart = purchaseCart({ purchaseType: 'new', licenseClass: 'pro', seatCount: 41, dvdCount: 0 }, 'DE');
    expect(shownLineItems(cart)).toEqual([
      [
        {
          sku: 'M9-PRO',
          title: expect.any(String),
          quantity: 41,
          listPrice: 9000,
          discount: 6390,
          unitPrice: 2610,
          sum: 107010,
          net: 89924,
        },
      ],
    ]);
  });
});
