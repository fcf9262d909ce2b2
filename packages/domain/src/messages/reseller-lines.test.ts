import { describe, expect, it } from 'vitest';
import { orderGenerationNotes } from '../composed-messages/shop-orders.ts';
import {
  customerReferenceFact,
  customerReferenceOf,
  licensesOfSize,
  resellerLineHeading,
} from './reseller-lines.ts';

describe('reseller lines', () => {
  it('say how many licenses of how many seats, one, two or many', () => {
    expect(licensesOfSize(1, 1)).toBe('1 Lizenz × 1 Arbeitsplatz');
    expect(licensesOfSize(2, 5)).toBe('2 Lizenzen × 5 Arbeitsplätze');
    expect(licensesOfSize(1, 2)).toBe('1 Lizenz × 2 Arbeitsplätze');
    expect(licensesOfSize(2, 1)).toBe('2 Lizenzen × 1 Arbeitsplatz');
    expect(licensesOfSize(100_000, 100_000)).toBe('100.000 Lizenzen × 100.000 Arbeitsplätze');
  });

  it('head their items with the customer reference', () => {
    expect(resellerLineHeading('Schule am Park', 2, 5)).toBe(
      '„Schule am Park”: 2 Lizenzen × 5 Arbeitsplätze',
    );
  });

  it("read back the customer reference an order wrote into a license's notes", () => {
    const notes = orderGenerationNotes.customerReference('Schule am Park');
    expect(notes).toBe(customerReferenceFact('Schule am Park'));
    expect(notes).toBe('Kundenreferenz: Schule am Park');
    expect(customerReferenceOf(notes)).toBe('Schule am Park');
    // Staff may add to the notes below it; anything else is no reference.
    expect(customerReferenceOf(`${notes}\nPer Telefon bestellt`)).toBe('Schule am Park');
    expect(customerReferenceOf('Per Telefon bestellt')).toBeNull();
    expect(customerReferenceOf('Kundenreferenz: ')).toBeNull();
    expect(customerReferenceOf(null)).toBeNull();
  });
});
