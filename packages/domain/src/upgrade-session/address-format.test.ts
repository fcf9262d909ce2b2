import { describe, expect, it } from 'vitest';
import { addressLines, formatAddress } from './address-format.ts';

describe('German address format', () => {
  it('writes street with number and postcode with city, and the country by name', () => {
    const address = {
      name: 'Muster GmbH',
      street: 'Hauptstraße',
      houseNumber: '5',
      postcode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    };
    expect(formatAddress(address)).toBe('Muster GmbH, Hauptstraße 5, 10115 Berlin, Deutschland');
  });

  it('leaves no gap for missing or empty parts', () => {
    expect(
      addressLines({ name: 'Anna', additional1: '', additional2: null, city: 'Wien', countryCode: 'AT' }),
    ).toEqual(['Anna', 'Wien', 'Österreich']);
  });
});
