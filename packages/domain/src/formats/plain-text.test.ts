import { describe, expect, test } from 'vitest';
import { holderSchema } from '../license/schema.ts';
import { holderProblems, type HolderFormValues } from '../license/holder-data.ts';
import { describeIssue } from '../messages/describe-issue.ts';
import { billingSchema, shippingSchema } from '../upgrade-session/address.ts';

const billing = {
  name: 'Schule am Park',
  additional1: '',
  additional2: '',
  street: 'Parkweg',
  houseNumber: '1',
  postcode: '10115',
  city: 'Berlin',
  countryCode: 'DE',
  email: 'einkauf@schule.example',
  reference: '',
  note: '',
} as const;

/** The first problem of a billing address as the API and the offer form word it. */
function billingProblem(change: Partial<Record<keyof typeof billing, string>>): string | null {
  const result = billingSchema.safeParse({ ...billing, ...change });
  const issue = result.error?.issues[0];
  return issue ? describeIssue({ ...issue, path: ['billing', ...issue.path] }) : null;
}

/** Line breaks, control characters, a separator and a bidirectional override inside the text. */
const INSIDE = [
  '\n',
  '\r',
  '\r\n',
  '\t',
  '\u0007',
  '\u007F',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u202E',
  '\u2066',
];

describe('names and address lines are one line without control characters', () => {
  test.each(['name', 'additional1', 'additional2', 'street', 'houseNumber', 'postcode', 'city', 'reference'])(
    'billing %s refuses each with a German message naming the field',
    (field) => {
      for (const character of INSIDE) {
        const message = billingProblem({ [field]: `Schule${character}am Park` });
        expect(message, JSON.stringify(character)).toMatch(
          /^Das Feld „.+” darf keine Zeilenumbrüche oder Steuerzeichen enthalten\.$/,
        );
      }
    },
  );

  test('the message names the field by its label; surrounding line breaks are trimmed, not refused', () => {
    expect(
      billingProblem({ name: 'Ihr Konto wird gesperrt.\nBitte bestätigen: http://phish.example/' }),
    ).toBe('Das Feld „Firmenname oder Name” darf keine Zeilenumbrüche oder Steuerzeichen enthalten.');
    expect(billingSchema.parse({ ...billing, name: '\nSchule am Park\r\n' }).name).toBe('Schule am Park');
    expect(billingProblem({ name: 'Zoë Çelik — Ærø Schule 学校' })).toBeNull();
  });

  test('a shipping address follows the same rule', () => {
    const { email: _email, reference: _reference, note: _note, ...address } = billing;
    expect(shippingSchema.safeParse({ ...address, street: 'Park\nweg' }).success).toBe(false);
    expect(shippingSchema.safeParse(address).success).toBe(true);
  });

  test('the billing note may have several lines, but no other control characters', () => {
    expect(billingProblem({ note: 'Bitte an:\r\n\tHaus B' })).toBeNull();
    expect(billingProblem({ note: 'Haus\u0007B' })).toBe(
      'Das Feld „Anmerkung” darf keine Steuerzeichen enthalten.',
    );
    expect(billingProblem({ note: 'Haus\u202EB' })).toBe(
      'Das Feld „Anmerkung” darf keine Steuerzeichen enthalten.',
    );
  });

  test('the binding form refuses a holder name or contact with a line break', () => {
    const values: HolderFormValues = {
      holderType: 'organization',
      name: 'Schule am\nPark',
      contact: 'Erika\tMustermann',
      email: 'it@schule.example',
      emailConfirmation: 'it@schule.example',
    };
    expect(holderProblems(values, { licenseClass: 'multiple', consents: false })).toEqual({
      name: 'Das Feld „Name des Lizenznehmers” darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
      contact: 'Das Feld „Ansprechpartner” darf keine Zeilenumbrüche oder Steuerzeichen enthalten.',
    });
  });

  test('the back office’s holder name and contact too', () => {
    const holder = { holderType: 'person', name: 'Erika Mustermann', email: null, contact: null };
    expect(holderSchema().safeParse(holder).success).toBe(true);
    expect(holderSchema().safeParse({ ...holder, name: 'Erika\nMustermann' }).success).toBe(false);
    expect(holderSchema().safeParse({ ...holder, contact: 'Haus\rB' }).success).toBe(false);
  });
});
