import { fieldLabel, MAX_NOTE_LENGTH, validationMessages } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import {
  initialOfferForm,
  offerFormInput,
  offerFormPending,
  offerFormProblems,
  type OfferFormValues,
} from './offer-form.ts';

const noDvds = { dvdCount: 0, resellerLicenses: [] };

function filled(): OfferFormValues {
  const form = initialOfferForm({ countryCode: 'DE' });
  return {
    ...form,
    billing: {
      ...form.billing,
      name: 'Förderschule am See',
      street: 'Seestraße',
      houseNumber: '12',
      postcode: '78462',
      city: 'Konstanz',
      email: 'verwaltung@schule.example',
    },
    emailConfirmation: 'verwaltung@schule.example',
  };
}

describe('the offer form', () => {
  it('starts from what the assistant knows: the billing country', () => {
    const form = initialOfferForm({ countryCode: 'AT', email: 'a@example.com' });
    expect(form.billing).toMatchObject({ countryCode: 'AT', email: 'a@example.com', name: '' });
    expect(form.shipping.countryCode).toBe('AT');
  });

  it('accepts a complete form and names each missing or wrong field once', () => {
    expect(offerFormProblems(filled(), noDvds)).toEqual({});
    const empty = initialOfferForm({ countryCode: 'DE' });
    expect(offerFormProblems(empty, noDvds)).toMatchObject({
      'billing.name': validationMessages.required('Firmenname oder Name'),
      'billing.street': validationMessages.required('Straße'),
      'billing.postcode': validationMessages.required('PLZ'),
      // An empty e-mail is missing, not „ungültig”.
      'billing.email': validationMessages.required(fieldLabel('billing.email')),
    });
    const badEmail = { ...filled(), billing: { ...filled().billing, email: 'keine-adresse' } };
    expect(offerFormProblems(badEmail, noDvds)['billing.email']).toBe(
      validationMessages.invalid(fieldLabel('billing.email')),
    );
    const mismatch = { ...filled(), emailConfirmation: 'other@schule.example' };
    expect(offerFormProblems(mismatch, noDvds)).toEqual({
      emailConfirmation: validationMessages.confirmed('E-Mail'),
    });
    const long = { ...filled(), billing: { ...filled().billing, reference: 'x'.repeat(31) } };
    expect(Object.keys(offerFormProblems(long, noDvds))).toEqual(['billing.reference']);
    const longNote = { ...filled(), billing: { ...filled().billing, note: 'x'.repeat(MAX_NOTE_LENGTH + 1) } };
    expect(offerFormProblems(longNote, noDvds)).toEqual({
      'billing.note': validationMessages.maxLength(fieldLabel('billing.note'), MAX_NOTE_LENGTH),
    });
    const fullNote = { ...filled(), billing: { ...filled().billing, note: 'x'.repeat(MAX_NOTE_LENGTH) } };
    expect(offerFormProblems(fullNote, noDvds)).toEqual({});
  });

  it('asks for the shipping address only when one is wanted, and sends none otherwise', () => {
    const shipping = { ...filled(), shipToDifferentAddress: true };
    expect(Object.keys(offerFormProblems(shipping, noDvds))).toContain('shipping.name');
    expect(offerFormInput(filled()).shipping).toBeNull();
  });

  it('hands the machine what the offer schema makes of a valid form: trimmed, defaults filled in', () => {
    const spaced = { ...filled(), billing: { ...filled().billing, name: '  Förderschule am See ' } };
    expect(offerFormInput(spaced).billing).toMatchObject({ name: 'Förderschule am See', note: '' });
  });

  it('refuses DVDs to an address outside Germany', () => {
    const {
      email: _email,
      reference: _reference,
      note: _note,
      countryCode: _country,
      ...address
    } = filled().billing;
    const abroad = {
      ...filled(),
      shipToDifferentAddress: true,
      shipping: { ...initialOfferForm({ countryCode: 'AT' }).shipping, ...address },
    };
    expect(offerFormProblems(abroad, { dvdCount: 1, resellerLicenses: [] })).toHaveProperty(
      'shipping.countryCode',
    );
    expect(offerFormProblems(abroad, noDvds)).toEqual({});
  });

  it('names what keeps the offer back in the form’s order, a shipping field as such, missing when empty', () => {
    const form = {
      ...filled(),
      emailConfirmation: 'other@schule.example',
      billing: { ...filled().billing, city: '' },
      shipToDifferentAddress: true,
    };
    const pending = offerFormPending(form, offerFormProblems(form, noDvds));
    expect(pending.slice(0, 3)).toEqual([
      { field: 'emailConfirmation', label: 'E-Mail (Wiederholung)', missing: false },
      { field: 'billing.city', label: 'Ort', missing: true },
      { field: 'shipping.name', label: 'Firmenname oder Name (Lieferadresse)', missing: true },
    ]);
    expect(pending.map((entry) => entry.field)).toEqual([
      'emailConfirmation',
      'billing.city',
      'shipping.name',
      'shipping.street',
      'shipping.houseNumber',
      'shipping.postcode',
      'shipping.city',
    ]);
  });
});
