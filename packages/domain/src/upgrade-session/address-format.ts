import { countryName } from '../countries/countries.ts';

/** The parts of an address a letter shows; any may be missing in a draft. */
export type AddressParts = Partial<
  Record<
    'name' | 'additional1' | 'additional2' | 'street' | 'houseNumber' | 'postcode' | 'city',
    string | null
  >
> & { countryCode?: string | null };

/**
 * An address as a German letter writes it, line by line: name, additions, „Straße Hausnummer”,
 * „PLZ Ort”, the country's German name. Empty parts leave no gap. The one formatter of the back
 * office and the documents.
 */
export function addressLines(address: AddressParts): string[] {
  const join = (...parts: (string | null | undefined)[]) =>
    parts
      .map((part) => part?.trim() ?? '')
      .filter(Boolean)
      .join(' ');
  return [
    join(address.name),
    join(address.additional1),
    join(address.additional2),
    join(address.street, address.houseNumber),
    join(address.postcode, address.city),
    address.countryCode ? countryName(address.countryCode) : '',
  ].filter(Boolean);
}

/** The address on one line: „Hauptstraße 5, 10115 Berlin, Deutschland”. */
export function formatAddress(address: AddressParts): string {
  return addressLines(address).join(', ');
}
