import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { assistantMessages } from '../messages/assistant.ts';
import { offerFormSchema } from '../upgrade-session/schema.ts';
import {
  ASSISTANT_STEPS,
  classRecommendation,
  initialHolder,
  seatReduction,
  showsLoginForm,
  STEPS_WITHOUT_BACK,
  type AssistantStep,
} from './context.ts';
import { assistantMachine } from './machine.ts';
import { HOLDER, OFFER_FORM, SHOP_PRODUCT_IDS, startAssistant, testLicense } from './test/harness.ts';

type Assistant = ReturnType<typeof startAssistant>;

/** Takes a fresh assistant to a step by the shortest route (without injected calls where possible). */
async function at(step: AssistantStep, assistant: Assistant = startAssistant()): Promise<Assistant> {
  const routes: Record<AssistantStep, Parameters<Assistant['send']>> = {
    welcome: [],
    country_select: [{ type: 'START' }],
    country_select_other: [{ type: 'START' }, { type: 'OTHER' }],
    start: [{ type: 'START' }, { type: 'DE' }],
    update_eligibility: [{ type: 'START' }, { type: 'DE' }, { type: 'YES' }],
    update_not_eligible: [{ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M7_OR_LESS' }],
    license_login: [{ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' }],
    license_select: [{ type: 'START' }, { type: 'DE' }, { type: 'NO' }],
    license_pro_calculator: [{ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PRO' }],
    license_select_dvd: [{ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PERSONAL' }],
    license_bind: [
      { type: 'START' },
      { type: 'DE' },
      { type: 'YES' },
      { type: 'M8' },
      { type: 'ADD_LICENSE', license: testLicense({ properties: { size: 2 } }), accessToken: 't' },
      { type: 'LOGGED_IN' },
    ],
    summary: [{ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PERSONAL' }, { type: 'NO_DVD' }],
    offer_load: [{ type: 'OFFER' }],
    manual_order: [{ type: 'MANUAL' }],
    offer_create: [
      { type: 'START' },
      { type: 'DE' },
      { type: 'NO' },
      { type: 'PERSONAL' },
      { type: 'NO_DVD' },
      { type: 'OFFER' },
    ],
    offer_created: [
      { type: 'START' },
      { type: 'DE' },
      { type: 'NO' },
      { type: 'PERSONAL' },
      { type: 'NO_DVD' },
      { type: 'OFFER' },
      { type: 'CREATE_OFFER', offer: OFFER_FORM },
    ],
    add_to_cart: [
      { type: 'START' },
      { type: 'DE' },
      { type: 'NO' },
      { type: 'PERSONAL' },
      { type: 'NO_DVD' },
      { type: 'CART' },
    ],
  };
  assistant.send(...routes[step]);
  await assistant.settled();
  if (step === 'license_bind') assistant.send({ type: 'COMPLETED' });
  await assistant.settled();
  expect(assistant.step()).toBe(step);
  return assistant;
}

describe('steps and Back', () => {
  test.each(ASSISTANT_STEPS.map((step) => [step]))('%s is reachable and scrolls to the top', async (step) => {
    const assistant = await at(step);
    expect(assistant.visited.at(-1)).toBe(step);
    expect(assistant.scrollToTop).toHaveBeenCalledTimes(assistant.visited.length);
  });

  test.each(STEPS_WITHOUT_BACK.map((step) => [step]))('%s has no Back', async (step) => {
    const assistant = await at(step);
    expect(assistant.can({ type: 'BACK' })).toBe(false);
  });

  const withBack = ASSISTANT_STEPS.filter(
    (step) => !(STEPS_WITHOUT_BACK as readonly string[]).includes(step),
  );
  test.each(withBack.map((step) => [step]))('Back from %s returns to the step before it', async (step) => {
    const assistant = await at(step);
    const history = assistant.context().history;
    assistant.send({ type: 'BACK' });
    expect(assistant.step()).toBe(history.at(-1));
    expect(assistant.context().history).toEqual(history.slice(0, -1));
  });

  test('Back walks the whole way home, step by step', async () => {
    const assistant = await at('summary');
    const visited: AssistantStep[] = [];
    while (assistant.can({ type: 'BACK' })) {
      assistant.send({ type: 'BACK' });
      visited.push(assistant.step());
    }
    expect(visited).toEqual(['license_select_dvd', 'license_select', 'start', 'country_select', 'welcome']);
  });

  test('START, OFFER and MANUAL reset all data', async () => {
    const assistant = await at('license_pro_calculator');
    assistant.send(
      { type: 'SET_SEATS', seatCount: 40 },
      { type: 'BACK' },
      { type: 'BACK' },
      { type: 'BACK' },
    );
    assistant.send({ type: 'BACK' });
    expect(assistant.step()).toBe('welcome');
    expect(assistant.context().seatCount).toBe(40);
    assistant.send({ type: 'MANUAL' });
    expect(assistant.context()).toMatchObject({
      seatCount: 1,
      dvdCount: 0,
      billing: { countryCode: 'DE' },
      purchaseType: 'reseller',
      history: ['welcome'],
    });
  });

  test('an assistant without its side effects fails loudly', () => {
    const actor = createActor(assistantMachine, { input: { shopProductIds: SHOP_PRODUCT_IDS } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    expect(String(errors[0])).toMatch(/needs "scrollToTop"/);
  });
});

describe('country', () => {
  test.each([
    ['DE', 'DE'],
    ['AT', 'AT'],
    ['CH', 'CH'],
  ] as const)('%s sets the billing country', async (event, country) => {
    const assistant = await at('country_select');
    assistant.send({ type: event });
    expect(assistant.context().billing.countryCode).toBe(country);
  });

  test('a country other than Germany takes the DVDs away', async () => {
    const assistant = await at('license_pro_calculator');
    assistant.send({ type: 'SET_SEATS', seatCount: 5 }, { type: 'SET_DVDS', dvdCount: 2 });
    expect(assistant.context().dvdCount).toBe(2);
    for (let step = 0; step < 3; step++) assistant.send({ type: 'BACK' });
    expect(assistant.step()).toBe('country_select');
    assistant.send({ type: 'AT' });
    expect(assistant.context().dvdCount).toBe(0);
  });

  test('the dropdown needs a country other than the three buttons', async () => {
    const assistant = await at('country_select_other');
    for (const countryCode of ['', 'DE', 'AT', 'XX', 'nl']) {
      expect(assistant.can({ type: 'SELECTED', countryCode })).toBe(false);
    }
    expect(assistant.can({ type: 'SELECTED', countryCode: 'NL' })).toBe(true);
  });
});

describe('license login', () => {
  test('an update takes version 8 licenses; others are refused with a warning naming their version', async () => {
    const assistant = await at('license_login');
    assistant.send({ type: 'ADD_LICENSE', license: testLicense({ version: '9' }), accessToken: 't' });
    expect(assistant.context().authenticatedLicenses).toEqual([]);
    expect(assistant.context().loginWarning).toBe(assistantMessages.upgradeNeedsVersion8('9'));
    expect(assistant.can({ type: 'LOGGED_IN' })).toBe(false);

    const v8 = testLicense();
    assistant.send({ type: 'ADD_LICENSE', license: v8, accessToken: 't' });
    expect(assistant.context().authenticatedLicenses.map(({ license }) => license._id)).toEqual([v8._id]);
    expect(assistant.context().loginWarning).toBeNull();
    expect(showsLoginForm(assistant.context())).toBe(false);
    assistant.send({ type: 'REQUEST_LOGIN' });
    expect(showsLoginForm(assistant.context())).toBe(true);

    assistant.send({ type: 'ADD_LICENSE', license: v8, accessToken: 'newer' });
    expect(assistant.context().authenticatedLicenses).toEqual([{ license: v8, accessToken: 'newer' }]);
    expect(assistant.context().loginWarning).toBe(assistantMessages.licenseAlreadyAdded);

    assistant.send({ type: 'REMOVE_LICENSE', licenseId: v8._id });
    expect(assistant.context().authenticatedLicenses).toEqual([]);
    expect(showsLoginForm(assistant.context())).toBe(true);
    expect(assistant.can({ type: 'REMOVE_LICENSE', licenseId: v8._id })).toBe(false);
  });

  test('an extension takes one version 9 pro license', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M9' });
    assistant.send({ type: 'ADD_LICENSE', license: testLicense(), accessToken: 't' });
    expect(assistant.context().loginWarning).toBe(assistantMessages.extensionNeedsVersion9('8'));
    const personal = testLicense({ version: '9', properties: { class: 'personal' } });
    assistant.send({ type: 'ADD_LICENSE', license: personal, accessToken: 't' });
    expect(assistant.context().loginWarning).toBe(assistantMessages.extensionNeedsPro('Persönliche Lizenz'));

    assistant.send({
      type: 'ADD_LICENSE',
      license: testLicense({ version: '9', properties: { class: 'pro', size: 3 } }),
      accessToken: 't',
    });
    expect(assistant.context().authenticatedLicenses).toHaveLength(1);
    expect(assistant.can({ type: 'REQUEST_LOGIN' })).toBe(false);
    const another = testLicense({ version: '9', properties: { class: 'pro' } });
    expect(assistant.can({ type: 'ADD_LICENSE', license: another, accessToken: 't' })).toBe(false);
  });

  test('M8 and M9 keep only the signed-in licenses that fit', async () => {
    const assistant = await at('license_login');
    const v8 = testLicense();
    assistant.send({ type: 'ADD_LICENSE', license: v8, accessToken: 't' }, { type: 'BACK' }, { type: 'M9' });
    expect(assistant.context().authenticatedLicenses).toEqual([]);
    const pro = testLicense({ version: '9', properties: { class: 'pro' } });
    assistant.send({ type: 'ADD_LICENSE', license: pro, accessToken: 't' }, { type: 'BACK' }, { type: 'M8' });
    expect(assistant.context().authenticatedLicenses).toEqual([]);
  });

  test('more than one old seat makes the update pro and skips the class step', async () => {
    const assistant = await at('license_login');
    assistant.send(
      { type: 'ADD_LICENSE', license: testLicense({ properties: { size: 2 } }), accessToken: 't' },
      { type: 'LOGGED_IN' },
    );
    expect(assistant.snapshot().hasTag('busy')).toBe(true);
    await assistant.settled();
    expect(assistant.step()).toBe('license_pro_calculator');
    expect(assistant.context()).toMatchObject({ licenseClass: 'pro', seatCount: 2 });
  });
});

describe('class and recommendation', () => {
  test.each([
    ['a bound person', testLicense(), 'personal'],
    ['an unbound license', testLicense({ status: 'unbound' }), null],
    [
      'a holder with a contact person',
      testLicense({
        holder: {
          holderType: 'organization',
          name: 'Schule am See',
          email: 's@example.com',
          contact: 'Frau A',
        },
      }),
      'pro',
    ],
  ])('an update of %s recommends %s', async (_, license, recommendation) => {
    const assistant = await at('license_login');
    assistant.send({ type: 'ADD_LICENSE', license, accessToken: 't' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    expect(assistant.step()).toBe('license_select');
    expect(classRecommendation(assistant.context())).toBe(recommendation);
  });

  test('a new purchase has no recommendation and needs no confirmation for personal', async () => {
    const assistant = await at('license_select');
    expect(classRecommendation(assistant.context())).toBeNull();
    assistant.send({ type: 'PERSONAL' });
    expect(assistant.step()).toBe('license_select_dvd');
    expect(assistant.context()).toMatchObject({ licenseClass: 'personal', seatCount: 1 });
  });

  test('on an update, cancelling „Nur für natürliche Personen” stays on the class step', async () => {
    const assistant = await at('license_login');
    assistant.send({ type: 'ADD_LICENSE', license: testLicense(), accessToken: 't' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    assistant.send({ type: 'PERSONAL' });
    expect(assistant.snapshot().matches({ license_select: 'confirmingPersonal' })).toBe(true);
    expect(assistant.can({ type: 'BACK' })).toBe(false);
    assistant.send({ type: 'CANCEL' });
    expect(assistant.snapshot().matches({ license_select: 'choosing' })).toBe(true);
    expect(assistant.context().licenseClass).toBeNull();
    assistant.send({ type: 'PRO' });
    expect(assistant.step()).toBe('license_pro_calculator');
  });
});

describe('DVD step', () => {
  test('DVD adds one, NO_DVD none; a new purchase goes to the summary', async () => {
    const assistant = await at('license_select_dvd');
    assistant.send({ type: 'DVD' });
    expect(assistant.context().dvdCount).toBe(1);
    expect(assistant.step()).toBe('summary');
    assistant.send({ type: 'BACK' }, { type: 'NO_DVD' });
    expect(assistant.context().dvdCount).toBe(0);
  });
});

describe('pro seat calculator', () => {
  test('seats are whole numbers from 1 to 10000; non-numbers are ignored', async () => {
    const assistant = await at('license_pro_calculator');
    const seatsAfter = (seatCount: number) => {
      assistant.send({ type: 'SET_SEATS', seatCount });
      return assistant.context().seatCount;
    };
    expect(seatsAfter(0)).toBe(1);
    expect(seatsAfter(-5)).toBe(1);
    expect(seatsAfter(20_000)).toBe(10_000);
    expect(seatsAfter(12.7)).toBe(12);
    expect(assistant.can({ type: 'SET_SEATS', seatCount: Number.NaN })).toBe(false);
    expect(seatsAfter(Number.NaN)).toBe(12);
  });

  test('DVDs are 0 to the seat count, with the toast when cut down', async () => {
    const assistant = await at('license_pro_calculator');
    assistant.send({ type: 'SET_SEATS', seatCount: 4 }, { type: 'SET_DVDS', dvdCount: 9 });
    expect(assistant.context().dvdCount).toBe(4);
    expect(assistant.toasts).toEqual([assistantMessages.dvdMaximumIsSize]);
    assistant.send({ type: 'SET_SEATS', seatCount: 2 });
    expect(assistant.context().dvdCount).toBe(2);
    expect(assistant.toasts).toHaveLength(2);
    assistant.send({ type: 'SET_DVDS', dvdCount: -3 });
    expect(assistant.context().dvdCount).toBe(0);
    expect(assistant.toasts).toHaveLength(2);
  });

  test('no DVDs outside Germany', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'CH' }, { type: 'NO' }, { type: 'PRO' });
    expect(assistant.can({ type: 'SET_DVDS', dvdCount: 1 })).toBe(false);
  });

  test('an update to fewer seats warns of the reduction (Lizenzverkleinerung)', async () => {
    const assistant = await at('license_login');
    assistant.send(
      { type: 'ADD_LICENSE', license: testLicense({ properties: { size: 8 } }), accessToken: 't' },
      { type: 'LOGGED_IN' },
    );
    await assistant.settled();
    expect(seatReduction(assistant.context())).toBeNull();
    assistant.send({ type: 'SET_SEATS', seatCount: 5 });
    expect(seatReduction(assistant.context())).toBe(8);
    expect(assistant.can({ type: 'COMPLETED' })).toBe(true);
  });

  test('an extension must add at least one seat', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M9' });
    const pro = testLicense({ version: '9', properties: { class: 'pro', size: 10, dvdCount: 4 } });
    assistant.send({ type: 'ADD_LICENSE', license: pro, accessToken: 't' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    expect(assistant.context().seatCount).toBe(11);
    assistant.send({ type: 'SET_SEATS', seatCount: 10 });
    expect(assistant.can({ type: 'COMPLETED' })).toBe(false);
    assistant.send({ type: 'SET_SEATS', seatCount: 12 }, { type: 'SET_DVDS', dvdCount: 12 });
    // The grown license has 12 seats and already 4 DVDs: 8 more at most.
    expect(assistant.context().dvdCount).toBe(8);
    expect(assistant.can({ type: 'COMPLETED' })).toBe(true);
  });
});

describe('holder binding', () => {
  test('the holder must be valid and of the type the class allows', async () => {
    const assistant = await at('license_bind');
    expect(initialHolder(assistant.context())).toMatchObject({
      holderType: 'organization',
      name: 'Erika Mustermann',
    });
    expect(assistant.can({ type: 'COMPLETED', holder: { ...HOLDER, name: 'Kurz' } })).toBe(false);
    expect(assistant.can({ type: 'COMPLETED', holder: { ...HOLDER, contact: null } })).toBe(false);
    expect(assistant.can({ type: 'COMPLETED', holder: { ...HOLDER, holderType: 'person' } })).toBe(false);
    expect(assistant.can({ type: 'COMPLETED' })).toBe(false);
    assistant.send({ type: 'COMPLETED', holder: HOLDER });
    expect(assistant.step()).toBe('summary');
    expect(assistant.context().holder).toEqual(HOLDER);
  });
});

describe('summary and offer form', () => {
  test('the offer form needs matching e-mails, the chosen country and a German address for DVDs', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PERSONAL' }, { type: 'DVD' });
    assistant.send({ type: 'OFFER' });
    const offer = (changes: object) => ({
      type: 'CREATE_OFFER' as const,
      offer: { ...OFFER_FORM, ...changes },
    });
    expect(assistant.can(offer({ emailConfirmation: 'other@example.com' }))).toBe(false);
    expect(assistant.can(offer({ billing: { ...OFFER_FORM.billing, reference: 'x'.repeat(31) } }))).toBe(
      false,
    );
    expect(assistant.can(offer({ billing: { ...OFFER_FORM.billing, note: 'x'.repeat(161) } }))).toBe(false);
    expect(assistant.can(offer({ billing: { ...OFFER_FORM.billing, countryCode: 'AT' } }))).toBe(false);
    expect(assistant.can(offer({ shipToDifferentAddress: true }))).toBe(false);
    const { email: _email, reference: _reference, note: _note, ...germany } = OFFER_FORM.billing;
    const austria = { ...germany, postcode: '6020', city: 'Innsbruck', countryCode: 'AT' };
    // The form itself is complete: only the DVD's delivery to Austria is refused.
    expect(
      offerFormSchema.safeParse(offer({ shipToDifferentAddress: true, shipping: austria }).offer).success,
    ).toBe(true);
    expect(assistant.can(offer({ shipToDifferentAddress: true, shipping: austria }))).toBe(false);
    expect(assistant.can(offer({ shipToDifferentAddress: true, shipping: germany }))).toBe(true);
    expect(assistant.can(offer({}))).toBe(true);
  });

  test('a new purchase with nothing chosen cannot reach the cart', async () => {
    const assistant = await at('manual_order');
    expect(assistant.can({ type: 'SUBMIT' })).toBe(false);
  });
});

describe('reseller editor', () => {
  test('lines are numbered „Lizenz N”, clamped and removable', async () => {
    const assistant = await at('manual_order');
    assistant.send(
      { type: 'RESELLER_ADD' },
      { type: 'RESELLER_ADD', changes: { size: 0, quantity: 200_000 } },
    );
    const [first, second] = assistant.context().resellerLicenses;
    expect(first).toMatchObject({ uid: '1', customerReference: 'Lizenz 1', class: 'pro', quantity: 1 });
    expect(second).toMatchObject({
      uid: '2',
      customerReference: 'Lizenz 2',
      quantity: 100_000,
      properties: { size: 1 },
    });

    assistant.send({ type: 'RESELLER_CHANGE', uid: '1', changes: { size: 5, dvdCount: 5 } });
    assistant.send({ type: 'RESELLER_CHANGE', uid: '1', changes: { size: 3 } });
    expect(assistant.context().resellerLicenses[0]!.properties).toMatchObject({ size: 3, dvdCount: 3 });
    expect(assistant.toasts).toEqual([assistantMessages.dvdMaximumIsSize]);

    assistant.send({ type: 'RESELLER_CHANGE', uid: '1', changes: { class: 'personal' } });
    expect(assistant.context().resellerLicenses[0]!.properties).toMatchObject({ size: 1, dvdCount: 1 });
    assistant.send({ type: 'RESELLER_CHANGE', uid: '1', changes: { customerReference: '  ' } });
    expect(assistant.context().resellerLicenses[0]!.customerReference).toBe('Lizenz 1');

    assistant.send({ type: 'RESELLER_REMOVE', uid: '1' }, { type: 'RESELLER_ADD' });
    expect(assistant.context().resellerLicenses.map((line) => line.customerReference)).toEqual([
      'Lizenz 2',
      'Lizenz 3',
    ]);
    expect(assistant.can({ type: 'RESELLER_REMOVE', uid: '1' })).toBe(false);
  });

  test('another country removes every DVD, with the note', async () => {
    const assistant = await at('manual_order');
    assistant.send({ type: 'RESELLER_ADD', changes: { size: 4, dvdCount: 2 } });
    expect(assistant.can({ type: 'SET_COUNTRY', countryCode: 'XX' })).toBe(false);
    assistant.send({ type: 'SET_COUNTRY', countryCode: 'FR' });
    expect(assistant.context().resellerLicenses[0]!.properties.dvdCount).toBe(0);
    expect(assistant.toasts).toEqual([assistantMessages.dvdOnlyGermany]);
    assistant.send({ type: 'RESELLER_CHANGE', uid: '1', changes: { dvdCount: 1 } });
    expect(assistant.context().resellerLicenses[0]!.properties.dvdCount).toBe(0);
  });
});

describe("the shop's test message", () => {
  test('goes out on each pro license click, never on the personal license', () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PERSONAL' });
    expect(assistant.postTestMessage).not.toHaveBeenCalled();
    assistant.send({ type: 'BACK' }, { type: 'PRO' });
    expect(assistant.step()).toBe('license_pro_calculator');
    assistant.send({ type: 'BACK' }, { type: 'PRO' });
    expect(assistant.postTestMessage).toHaveBeenCalledTimes(2);
  });
});
