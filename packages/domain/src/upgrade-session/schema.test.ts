import { describe, expect, test } from 'vitest';
import { assistantMessages } from '../messages/assistant.ts';
import {
  createUpgradeSessionRequestSchema,
  offerFormSchema,
  resellerLicenseSchema,
  upgradeSessionPatchSchema,
  type CreateUpgradeSessionRequest,
} from './schema.ts';
import { billingSchema } from './address.ts';
import { fieldLabel, licenseRuleMessages } from '../messages/validation.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const upgrade: CreateUpgradeSessionRequest = {
  purchaseType: 'upgrade',
  originalLicenses: [uuid(1), uuid(2)],
  accessTokens: ['a', 'b'],
  fromVersion: '8',
  toVersion: '9',
  properties: { class: 'pro', size: 5, dvdCount: 1 },
  billing: { countryCode: 'DE' },
  shipToDifferentAddress: false,
  shipping: null,
  resellerLicenses: [],
};

function problems(body: unknown): string[] {
  const result = createUpgradeSessionRequestSchema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('upgrade-session requests', () => {
  test('a well-formed update is accepted', () => {
    expect(problems(upgrade)).toEqual([]);
  });

  test.each([
    [
      'an update without licenses',
      { originalLicenses: [], accessTokens: [] },
      assistantMessages.purchaseNeedsLicenses,
    ],
    ['a token missing', { accessTokens: ['a'] }, assistantMessages.accessTokensMismatch],
    ['an update from version 9', { fromVersion: '9' }, assistantMessages.wrongVersions],
    [
      'an extension of two licenses',
      { purchaseType: 'extension', fromVersion: '9' },
      assistantMessages.extensionOneLicense,
    ],
    [
      'a personal extension',
      {
        purchaseType: 'extension',
        fromVersion: '9',
        originalLicenses: [uuid(1)],
        accessTokens: ['a'],
        properties: { class: 'personal', size: 1, dvdCount: 0 },
      },
      assistantMessages.extensionIsPro,
    ],
    [
      'a new purchase naming licenses',
      { purchaseType: 'new', fromVersion: null },
      assistantMessages.purchaseTakesNoLicenses,
    ],
    [
      'a new purchase without properties',
      { purchaseType: 'new', fromVersion: null, originalLicenses: [], accessTokens: [], properties: null },
      assistantMessages.propertiesRequired,
    ],
    ['DVDs to Austria', { billing: { countryCode: 'AT' } }, assistantMessages.dvdOnlyGermany],
    [
      'more DVDs than seats',
      { properties: { class: 'pro', size: 2, dvdCount: 3 } },
      licenseRuleMessages.dvdsExceedSize,
    ],
    [
      'a personal license of two seats',
      { properties: { class: 'personal', size: 2, dvdCount: 0 } },
      licenseRuleMessages.personalIsOneSeat,
    ],
    ['a missing shipping address', { shipToDifferentAddress: true }, assistantMessages.shippingRequired],
  ])('%s is refused', (_, changes, message) => {
    expect(problems({ ...upgrade, ...changes })).toContain(message);
  });

  test('an update may be created before its class is chosen', () => {
    expect(problems({ ...upgrade, properties: null })).toEqual([]);
  });

  test('a reseller order names its lines and no properties', () => {
    const line = {
      uid: '1',
      class: 'pro',
      properties: { size: 3, dvdCount: 1, delivery: 'download', licenseType: 'full' },
      version: '9',
      customerReference: 'Lizenz 1',
      quantity: 2,
    };
    const reseller = {
      ...upgrade,
      purchaseType: 'reseller',
      fromVersion: null,
      originalLicenses: [],
      accessTokens: [],
    };
    expect(problems({ ...reseller, properties: null, resellerLicenses: [line] })).toEqual([]);
    expect(problems({ ...reseller, properties: null, resellerLicenses: [] })).toContain(
      assistantMessages.resellerNoLicenses,
    );
    expect(problems({ ...reseller, resellerLicenses: [line] })).toContain(
      assistantMessages.resellerTakesNoProperties,
    );
    expect(problems({ ...reseller, properties: null, resellerLicenses: [line, line] })).toContain(
      assistantMessages.resellerLineTwice,
    );
    expect(resellerLicenseSchema.safeParse({ ...line, class: 'personal' }).success).toBe(false);
  });

  test('a patch changes something and never the status', () => {
    expect(upgradeSessionPatchSchema.safeParse({}).success).toBe(false);
    expect(upgradeSessionPatchSchema.safeParse({ status: 'purchased' }).success).toBe(false);
    expect(upgradeSessionPatchSchema.safeParse({ billing: { countryCode: 'AT' } }).success).toBe(true);
  });
});

describe('billing and offer form', () => {
  const billing = {
    name: 'Schule am See',
    street: 'Seestraße',
    houseNumber: '1',
    postcode: '78462',
    city: 'Konstanz',
    countryCode: 'DE',
    email: 'a@example.com',
  };

  test('name, street, number, postcode, city and country are required; reference ≤ 30, note ≤ 160', () => {
    expect(billingSchema.parse(billing)).toMatchObject({ additional1: '', reference: '', note: '' });
    for (const field of ['name', 'street', 'houseNumber', 'postcode', 'city']) {
      expect(billingSchema.safeParse({ ...billing, [field]: '  ' }).success).toBe(false);
    }
    expect(billingSchema.safeParse({ ...billing, countryCode: 'XX' }).success).toBe(false);
    expect(
      billingSchema.safeParse({ ...billing, reference: 'x'.repeat(30), note: 'x'.repeat(160) }).success,
    ).toBe(true);
    expect(billingSchema.safeParse({ ...billing, reference: 'x'.repeat(31) }).success).toBe(false);
    expect(billingSchema.safeParse({ ...billing, note: 'x'.repeat(161) }).success).toBe(false);
  });

  test('the e-mail confirmation must match', () => {
    const form = {
      billing,
      emailConfirmation: 'b@example.com',
      shipToDifferentAddress: false,
      shipping: null,
    };
    const result = offerFormSchema.safeParse(form);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['emailConfirmation'],
        message: 'Die Wiederholung des Feldes „E-Mail” stimmt nicht überein.',
      }),
    ]);
  });

  test('address fields have the spec’s German labels', () => {
    expect(fieldLabel('billing.name')).toBe('Firmenname oder Name');
    expect(fieldLabel('shipping.name')).toBe('Firmenname oder Name');
    expect(fieldLabel('billing.postcode')).toBe('PLZ');
  });
});
