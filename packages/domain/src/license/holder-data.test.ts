import { describe, expect, test } from 'vitest';
import { bindingErrorMessage, bindingMessages } from '../messages/binding.ts';
import {
  holderBindingSchema,
  holderFormValues,
  holderProblems,
  toHolderData,
  type HolderFormValues,
} from './holder-data.ts';
import { initialHolderType } from './holder-types.ts';

const valid: HolderFormValues = {
  holderType: 'organization',
  name: 'Schule am See',
  contact: 'Erika Mustermann',
  email: 'it@schule.example',
  emailConfirmation: 'it@schule.example',
  authorized: true,
  privacyAccepted: true,
};
const form = { licenseClass: 'multiple' as const, consents: true };

describe('binding form rules (customer spec §5)', () => {
  test('a complete form has no problems', () => {
    expect(holderProblems(valid, form)).toEqual({});
  });

  test('every field empty: one German message each, named by its label', () => {
    const empty: HolderFormValues = {
      holderType: null,
      name: '',
      contact: '',
      email: '',
      emailConfirmation: '',
      authorized: false,
      privacyAccepted: false,
    };
    expect(holderProblems(empty, form)).toEqual({
      holderType: 'Bitte machen Sie eine Angabe für „Lizenznehmer-Typ”.',
      name: 'Bitte machen Sie eine Angabe für „Name des Lizenznehmers”.',
      email: 'Bitte machen Sie eine Angabe für „E-Mail”.',
      emailConfirmation: 'Bitte machen Sie eine Angabe für „E-Mail (Wiederholung)”.',
      authorized: 'Bitte machen Sie eine Angabe für „Berechtigung zur Bindung”.',
      privacyAccepted: 'Bitte machen Sie eine Angabe für „Datenschutzerklärung”.',
    });
  });

  test('the name has 8 to 54 characters, counted without surrounding spaces', () => {
    expect(holderProblems({ ...valid, name: '  Anna B  ' }, form).name).toBe(
      'Name des Lizenznehmers muss mindestens 8 Zeichen lang sein.',
    );
    expect(holderProblems({ ...valid, name: 'x'.repeat(55) }, form).name).toBe(
      'Name des Lizenznehmers darf höchstens 54 Zeichen lang sein.',
    );
    expect(holderProblems({ ...valid, name: 'x'.repeat(54) }, form).name).toBeUndefined();
  });

  test('an organization needs a contact, a person does not', () => {
    expect(holderProblems({ ...valid, contact: ' ' }, form).contact).toBe(
      'Bitte machen Sie eine Angabe für „Ansprechpartner”.',
    );
    expect(holderProblems({ ...valid, holderType: 'person', contact: '' }, form)).toEqual({});
    // A pro license is always an organization, even before a type is chosen.
    expect(
      holderProblems({ ...valid, holderType: null, contact: '' }, { ...form, licenseClass: 'pro' }),
    ).toEqual({
      contact: 'Bitte machen Sie eine Angabe für „Ansprechpartner”.',
    });
  });

  test('e-mail valid, confirmation matching; not asked again for a known address', () => {
    expect(holderProblems({ ...valid, email: 'kein-at.example' }, form).email).toBe(
      'Die Angabe für das Feld „E-Mail” ist ungültig.',
    );
    expect(holderProblems({ ...valid, emailConfirmation: 'it@schule.exampl' }, form).emailConfirmation).toBe(
      'Die Wiederholung des Feldes „E-Mail” stimmt nicht überein.',
    );
    const known = { ...form, knownEmail: 'it@schule.example' };
    expect(holderProblems({ ...valid, emailConfirmation: '' }, known)).toEqual({});
    expect(holderProblems({ ...valid, email: 'neu@schule.example', emailConfirmation: '' }, known)).toEqual({
      emailConfirmation: 'Bitte machen Sie eine Angabe für „E-Mail (Wiederholung)”.',
    });
  });

  test('the class forces the holder type: personal → person, pro → organization, others free', () => {
    expect(
      holderProblems({ ...valid, holderType: 'organization' }, { ...form, licenseClass: 'personal' }),
    ).toEqual({
      holderType: 'Die Angabe für das Feld „Lizenznehmer-Typ” ist ungültig.',
    });
    expect(holderProblems({ ...valid, holderType: null }, { ...form, licenseClass: 'pro' })).toEqual({});
    expect(initialHolderType('personal', null)).toBe('person');
    expect(initialHolderType('pro', null)).toBe('organization');
    expect(initialHolderType('single', { contact: 'Erika' })).toBe('organization');
    expect(initialHolderType('single', { contact: '' })).toBeNull();
  });

  test('the API body has no checkboxes and may leave out the forced type', () => {
    const body = holderBindingSchema.parse({
      name: ' Anna Beispiel ',
      email: 'anna@example.com',
      emailConfirmation: 'anna@example.com',
    });
    expect(holderProblems(holderFormValues(body), { licenseClass: 'personal', consents: false })).toEqual({});
    expect(toHolderData(holderFormValues(body), 'personal')).toEqual({
      holderType: 'person',
      name: 'Anna Beispiel',
      email: 'anna@example.com',
      contact: null,
    });
    expect(holderBindingSchema.safeParse({ ...body, authorized: true }).success).toBe(false);
  });
});

describe('binding error catalogue (customer spec §8)', () => {
  test('409, 5xx and anything else, with the support address', () => {
    expect(bindingMessages.errorTitle(409)).toBe('Fehler beim Binden der Lizenz ( Fehler 409)');
    expect(bindingErrorMessage(409, 'hilfe@example.com')).toBe(
      'Die eingegebenen Lizenz ist nicht ungebunden. Wenn Sie glauben, dass es sich dabei um einen Fehler handelt, kontaktieren Sie uns bitte unter hilfe@example.com.',
    );
    expect(bindingErrorMessage(503, 'hilfe@example.com')).toBe(
      'Ein Serverfehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    );
    expect(bindingErrorMessage(400, 'hilfe@example.com')).toBe(
      'Ein unbekannter Fehler ist aufgetreten. Bitte überprüfen Sie Ihre Eingaben und probieren Sie es erneut. Bei anhaltenden Problemen können Sie sich an hilfe@example.com wenden.',
    );
  });
});
