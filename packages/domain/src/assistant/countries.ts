import { COUNTRY_CODES, countryName, MAIN_COUNTRY_CODES, type CountryCode } from '../countries/countries.ts';
import { vatRate } from '../pricing/vat.ts';

/** A country of the assistant's choice (customer spec §3 "Country list entry"): VAT in percent. */
export interface Country {
  key: CountryCode;
  name: string;
  vat: number;
}

function country(key: CountryCode): Country {
  return { key, name: countryName(key), vat: vatRate(key) };
}

/** Deutschland, Österreich, Schweiz: the buttons of the country step. */
export const MAIN_COUNTRIES: readonly Country[] = MAIN_COUNTRY_CODES.map(country);

/** Every other country, sorted by German name: the dropdown of "anderes Land". */
export const OTHER_COUNTRIES: readonly Country[] = COUNTRY_CODES.filter(
  (code) => !(MAIN_COUNTRY_CODES as readonly string[]).includes(code),
)
  .map(country)
  .sort((a, b) => a.name.localeCompare(b.name, 'de'));
