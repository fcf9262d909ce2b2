import { describe, expect, test } from 'vitest';
import { purchaseCart, type Purchase } from './purchase.ts';
import { VAT_RATES, vatRate, vatRatePerMille } from './vat.ts';

/** Customer spec §9 (DESIGN.md §4: "the spec's table"), written out: country and VAT in percent. */
const SPEC_VAT_RATES: [country: string, percent: number][] = [
  ['BE', 21],
  ['BG', 20],
  ['DK', 25],
  ['DE', 19],
  ['EE', 20],
  ['FI', 25.5],
  ['FR', 20],
  ['GR', 24],
  ['IE', 23],
  ['IT', 22],
  ['HR', 25],
  ['LV', 21],
  ['LT', 21],
  ['LU', 17],
  ['MT', 18],
  ['NL', 21],
  ['AT', 20],
  ['PL', 23],
  ['PT', 23],
  ['RO', 19],
  ['SE', 25],
  ['CH', 8.1],
  ['LI', 8.1],
  ['SK', 23],
  ['SI', 22],
  ['ES', 21],
  ['CZ', 21],
  ['HU', 27],
  ['CY', 19],
];

const tenProSeats: Purchase = { purchaseType: 'new', licenseClass: 'pro', seatCount: 10, dvdCount: 0 };
/** The German net of 10 pro seats (513,00 € gross / 1.19): every country's VAT is added to it. */
const GERMAN_NET = 43109;

describe('the VAT table', () => {
  test('names exactly the countries of the spec', () => {
    expect(Object.keys(VAT_RATES).sort()).toEqual(SPEC_VAT_RATES.map(([country]) => country).sort());
  });

  test.each(SPEC_VAT_RATES)(
    '%s: VAT %s per cent, as the rate, in thousandths and in a priced cart',
    (country, percent) => {
      expect(vatRate(country)).toBe(percent);
      expect(vatRatePerMille(country)).toBe(percent * 10);
      const { totals } = purchaseCart(tenProSeats, country);
      expect(totals.vatRate).toBe(percent);
      if (country === 'DE') {
        // At home the shop's gross prices are exact; net and VAT are derived from them.
        expect(totals).toEqual({ net: GERMAN_NET, vat: 8191, vatRate: 19, gross: 51300 });
      } else {
        const vat = Math.round((GERMAN_NET * percent) / 100);
        expect(totals).toEqual({ net: GERMAN_NET, vat, vatRate: percent, gross: GERMAN_NET + vat });
      }
    },
  );
});
