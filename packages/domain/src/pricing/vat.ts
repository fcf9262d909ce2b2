import { HOME_COUNTRY } from '../countries/countries.ts';

/** The VAT rates of customer spec §9 in percent, by ISO country code. */
export const VAT_RATES: Readonly<Record<string, number>> = {
  BE: 21,
  BG: 20,
  DK: 25,
  DE: 19,
  EE: 20,
  FI: 25.5,
  FR: 20,
  GR: 24,
  IE: 23,
  IT: 22,
  HR: 25,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  AT: 20,
  PL: 23,
  PT: 23,
  RO: 19,
  SE: 25,
  CH: 8.1,
  LI: 8.1,
  SK: 23,
  SI: 22,
  ES: 21,
  CZ: 21,
  HU: 27,
  CY: 19,
};

/** Countries of the table that are not in the EU (no tax-free business invoice there). */
const NON_EU_COUNTRIES = new Set(['CH', 'LI']);

/** VAT rate in percent of a buyer's country; a country outside the table pays none. */
export function vatRate(countryCode: string): number {
  return Object.hasOwn(VAT_RATES, countryCode) ? VAT_RATES[countryCode]! : 0;
}

/** The rate in thousandths (19 % → 190, 8.1 % → 81), exact for every rate of the table. */
export function vatRatePerMille(countryCode: string): number {
  return Math.round(vatRate(countryCode) * 10);
}

/**
 * EU countries other than Germany: there a business may get a tax-free invoice with its VAT ID
 * and registered address (customer spec §5).
 */
export function isOtherEuCountry(countryCode: string): boolean {
  return (
    Object.hasOwn(VAT_RATES, countryCode) &&
    countryCode !== HOME_COUNTRY &&
    !NON_EU_COUNTRIES.has(countryCode)
  );
}
