import type { Billing } from './address.ts';

/** A school's billing address in Germany with a reference: what the offer document is warmed up with. */
export function exampleBilling(): Billing {
  return {
    name: 'Förderschule am See',
    additional1: 'Verwaltung',
    additional2: '',
    street: 'Seestraße',
    houseNumber: '1',
    postcode: '78462',
    city: 'Konstanz',
    countryCode: 'DE',
    email: 'schule@example.com',
    reference: 'Bestellung 2026/17',
    note: '',
  };
}
