import { describe, expect, test } from 'vitest';
import { assistantMessages } from '../messages/assistant.ts';
import { isOtherEuCountry } from '../pricing/vat.ts';
import { countryName } from '../countries/countries.ts';
import { MAIN_COUNTRIES, OTHER_COUNTRIES } from './countries.ts';
import { newResellerLine } from './reseller.ts';
import { parseSeatInput, seatSliderMarks, seatSliderStep } from './seats.ts';

describe('seat slider and input', () => {
  test.each([
    [1, 1],
    [9, 1],
    [10, 5],
    [49, 5],
    [50, 10],
    [100, 10],
    [499, 10],
    [500, 50],
    [999, 50],
    [1000, 100],
    [2499, 100],
    [2500, 500],
    [10_000, 500],
  ])('a slider up to %i has ticks every %i', (max, step) => {
    expect(seatSliderStep(max)).toBe(step);
  });

  test('the slider runs 1…100 with an open top', () => {
    expect(seatSliderMarks().map((mark) => mark.label)).toEqual([
      '1',
      '10',
      '20',
      '30',
      '40',
      '50',
      '60',
      '70',
      '80',
      '90',
      '100+',
    ]);
  });

  test.each([
    ['12', 12],
    [' 7 ', 7],
    ['0', 1],
    ['25000', 10_000],
    ['abc', null],
    ['1.5', null],
    ['', null],
    ['-3', null],
  ])('the input %j gives %j seats', (text, seats) => {
    expect(parseSeatInput(text)).toBe(seats);
  });
});

describe('countries', () => {
  test('Germany, Austria and Switzerland are the buttons, with their VAT', () => {
    expect(MAIN_COUNTRIES).toEqual([
      { key: 'DE', name: 'Deutschland', vat: 19 },
      { key: 'AT', name: 'Österreich', vat: 20 },
      { key: 'CH', name: 'Schweiz', vat: 8.1 },
    ]);
  });

  test('every other country is in the dropdown, sorted by its German name, VAT 0 outside the table', () => {
    const keys = OTHER_COUNTRIES.map((country) => country.key);
    expect(keys).not.toContain('DE');
    expect(OTHER_COUNTRIES.find((country) => country.key === 'NL')).toEqual({
      key: 'NL',
      name: 'Niederlande',
      vat: 21,
    });
    expect(OTHER_COUNTRIES.find((country) => country.key === 'US')).toMatchObject({ vat: 0 });
    const names = OTHER_COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(countryName('FI')).toBe('Finnland');
  });

  test('tax-free business invoices are for EU countries other than Germany', () => {
    expect(['AT', 'FR', 'NL'].map(isOtherEuCountry)).toEqual([true, true, true]);
    expect(['DE', 'CH', 'LI', 'US'].map(isOtherEuCountry)).toEqual([false, false, false, false]);
  });
});

describe('reseller lines', () => {
  test('a new line is one pro seat, once, named „Lizenz N”', () => {
    expect(newResellerLine(4, {}, 'DE')).toEqual({
      license: {
        uid: '4',
        class: 'pro',
        properties: { size: 1, dvdCount: 0, delivery: 'download', licenseType: 'full' },
        version: '9',
        customerReference: 'Lizenz 4',
        quantity: 1,
      },
      toasts: [],
    });
  });

  test('the add form clamps size, quantity and DVDs', () => {
    const { license, toasts } = newResellerLine(1, { size: 200_000, quantity: 0, dvdCount: 300_000 }, 'DE');
    expect(license).toMatchObject({ quantity: 1, properties: { size: 100_000, dvdCount: 100_000 } });
    expect(toasts).toEqual([assistantMessages.dvdMaximumIsSize]);
    expect(
      newResellerLine(1, { class: 'personal', size: 9, dvdCount: 3 }, 'DE').license.properties,
    ).toMatchObject({
      size: 1,
      dvdCount: 1,
    });
    expect(newResellerLine(1, { size: 5, dvdCount: 3 }, 'AT')).toMatchObject({
      license: { properties: { dvdCount: 0 } },
      toasts: [],
    });
  });
});
