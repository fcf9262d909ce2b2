import { describe, expect, test } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { assistantMessages, loadOfferErrorMessage } from '../messages/assistant.ts';
import { assistantMachine } from './machine.ts';
import { toCallError } from './contract.ts';
import {
  BILLING,
  FakeApiError,
  HOLDER,
  OFFER_FORM,
  SESSION_ID,
  sessionFor,
  SHOP_PRODUCT_IDS,
  startAssistant,
  testLicense,
} from './test/harness.ts';

/** Each injected call fails on its own: the error is kept per call (spec §8) and the step can retry. */
describe('failed calls', () => {
  test('a failed session creation keeps its error on the login step; LOGGED_IN retries', async () => {
    let failures = 1;
    const assistant = startAssistant({
      createSession: (input) => {
        if (failures-- > 0) throw new FakeApiError(500, 'Serverfehler');
        return { session: sessionFor(input), token: 'session-token' };
      },
    });
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' });
    assistant.send({ type: 'ADD_LICENSE', license: testLicense(), accessToken: 't' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ license_login: 'idle' })).toBe(true);
    expect(assistant.context().errors).toEqual({
      createSession: { status: 500, message: 'Serverfehler' },
      patchSession: null,
      createOffer: null,
      loadOffer: null,
      signCart: null,
    });
    assistant.send({ type: 'LOGGED_IN' });
    await assistant.settled();
    expect(assistant.step()).toBe('license_select');
    expect(assistant.context().errors.createSession).toBeNull();
  });

  test('a failed patch in the calculator keeps the step and its error', async () => {
    const assistant = startAssistant({
      patchSession: () => {
        throw new FakeApiError(null, 'Keine Verbindung');
      },
    });
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' });
    assistant.send(
      { type: 'ADD_LICENSE', license: testLicense({ properties: { size: 3 } }), accessToken: 't' },
      { type: 'LOGGED_IN' },
    );
    await assistant.settled();
    assistant.send({ type: 'COMPLETED' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ license_pro_calculator: 'editing' })).toBe(true);
    expect(assistant.context().errors.patchSession).toEqual({ status: null, message: 'Keine Verbindung' });
  });

  test.each([
    [403, assistantMessages.offerNotFound],
    [410, assistantMessages.offerExpired],
    [500, 'Interner Fehler'],
  ])(
    'loading an offer that fails with %i keeps the error for „Fehler beim Laden des Angebots”',
    async (status, message) => {
      const assistant = startAssistant({
        loadOffer: () => {
          throw new FakeApiError(status, 'Interner Fehler');
        },
      });
      assistant.send({ type: 'OFFER' });
      expect(assistant.can({ type: 'LOAD_OFFER', offerCode: 'abc def' })).toBe(false);
      assistant.send({ type: 'LOAD_OFFER', offerCode: 'abc def ghj' });
      await assistant.settled();
      expect(assistant.snapshot().matches({ offer_load: 'editing' })).toBe(true);
      const error = assistant.context().errors.loadOffer!;
      expect(loadOfferErrorMessage(error.status, error.message)).toBe(message);
    },
  );

  test('an offer that was ordered already opens „Nicht mehr verfügbar”', async () => {
    const ordered = sessionFor(
      {
        purchaseType: 'new',
        originalLicenses: [],
        accessTokens: [],
        fromVersion: null,
        toVersion: '9',
        properties: { class: 'pro', size: 2, dvdCount: 0 },
        billing: BILLING,
        shipToDifferentAddress: false,
        shipping: null,
        resellerLicenses: [],
      },
      { status: 'purchased' },
    );
    const assistant = startAssistant({
      loadOffer: () => ({ session: { ...ordered, originalLicenseKeys: [] }, offerToken: 'o' }),
    });
    assistant.send({ type: 'OFFER' }, { type: 'LOAD_OFFER', offerCode: 'abcdefghj' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ offer_load: 'notAvailable' })).toBe(true);
    expect(assistant.context().session).toBeNull();
    assistant.send({ type: 'CLOSE' });
    expect(assistant.snapshot().matches({ offer_load: 'editing' })).toBe(true);
  });

  test.each([
    [409, 'Das gewählte Angebot wurde bereits bestellt!'],
    [410, 'Dieses Angebot ist abgelaufen.'],
  ])(
    'a loaded offer ordered or expired meanwhile (%i) hands nothing over: „Nicht mehr verfügbar”, then the start',
    async (status, message) => {
      const offered = sessionFor(
        {
          purchaseType: 'new',
          originalLicenses: [],
          accessTokens: [],
          fromVersion: null,
          toVersion: '9',
          properties: { class: 'pro', size: 2, dvdCount: 0 },
          billing: BILLING,
          shipToDifferentAddress: false,
          shipping: null,
          resellerLicenses: [],
        },
        { status: 'offered', offerNumber: 'ANG-2026-00001' },
      );
      const assistant = startAssistant({
        loadOffer: () => ({ session: { ...offered, originalLicenseKeys: [] }, offerToken: 'offer-token' }),
        signCart: () => {
          throw new FakeApiError(status, message);
        },
      });
      assistant.send({ type: 'OFFER' }, { type: 'LOAD_OFFER', offerCode: 'abcdefghj' });
      await assistant.settled();
      expect(assistant.step()).toBe('summary');
      assistant.send({ type: 'CART' });
      await assistant.settled();
      expect(assistant.calls.signCart).toEqual([{ sessionId: SESSION_ID, token: 'offer-token' }]);
      expect(assistant.snapshot().matches({ add_to_cart: 'notAvailable' })).toBe(true);
      expect(assistant.context().errors.signCart).toMatchObject({ status });
      expect(assistant.handOff).not.toHaveBeenCalled();
      assistant.send({ type: 'RESET' });
      expect(assistant.step()).toBe('welcome');
      expect(assistant.context().offerToken).toBeNull();
    },
  );

  test('a check that fails for another reason waits for RETRY, then hands the cart over', async () => {
    let failures = 1;
    const assistant = startAssistant({
      signCart: () => {
        if (failures-- > 0) throw new FakeApiError(null, 'Keine Verbindung');
      },
    });
    assistant.send({ type: 'MANUAL' }, { type: 'RESELLER_ADD' }, { type: 'SUBMIT' }, { type: 'CART' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ add_to_cart: 'failed' })).toBe(true);
    expect(assistant.handOff).not.toHaveBeenCalled();
    assistant.send({ type: 'RETRY' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ add_to_cart: 'handedOver' })).toBe(true);
    expect(assistant.calls.signCart).toHaveLength(2);
    expect(assistant.handOff).toHaveBeenCalledOnce();
  });

  test('a failed offer creation keeps the form; submitting again creates it', async () => {
    let failures = 1;
    const assistant = startAssistant({
      createOffer: () => {
        if (failures-- > 0) throw new FakeApiError(502, 'Bad Gateway');
        return {
          session: {
            ...sessionFor(assistant.calls.createSession[0]!),
            status: 'offered',
            offerNumber: 'A-1',
          },
        };
      },
    });
    assistant.send(
      { type: 'START' },
      { type: 'DE' },
      { type: 'NO' },
      { type: 'PERSONAL' },
      { type: 'NO_DVD' },
    );
    assistant.send({ type: 'OFFER' }, { type: 'CREATE_OFFER', offer: OFFER_FORM });
    await assistant.settled();
    expect(assistant.snapshot().matches({ offer_create: 'editing' })).toBe(true);
    expect(assistant.context().errors.createOffer).toEqual({ status: 502, message: 'Bad Gateway' });

    assistant.send({ type: 'CREATE_OFFER', offer: OFFER_FORM });
    await assistant.settled();
    expect(assistant.calls.createSession).toHaveLength(1);
    expect(assistant.calls.patchSession).toHaveLength(1);
    expect(assistant.step()).toBe('offer_created');
    expect(assistant.context().errors.createOffer).toBeNull();
  });

  test('a failed session creation for an offer keeps that error apart', async () => {
    const assistant = startAssistant({
      createSession: () => {
        throw new FakeApiError(400, 'Die Anfrage ist ungültig.');
      },
    });
    assistant.send({ type: 'MANUAL' }, { type: 'RESELLER_ADD' }, { type: 'SUBMIT' }, { type: 'OFFER' });
    assistant.send({ type: 'CREATE_OFFER', offer: OFFER_FORM });
    await assistant.settled();
    expect(assistant.context().errors).toMatchObject({
      createSession: { status: 400 },
      createOffer: null,
    });
    expect(assistant.calls.createOffer).toEqual([]);
  });

  test('a failed patch before the cart hand-off waits for RETRY („Fehler beim Aktualisieren der Update-Session”)', async () => {
    let failures = 1;
    const assistant = startAssistant({
      patchSession: (input) => {
        if (failures-- > 0) throw new FakeApiError(503, 'Nicht erreichbar');
        return { session: { ...sessionFor(assistant.calls.createSession[0]!), ...input.patch } as never };
      },
    });
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' });
    assistant.send({ type: 'ADD_LICENSE', license: testLicense(), accessToken: 't' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    assistant.send({ type: 'PRO' }, { type: 'COMPLETED' });
    await assistant.settled();
    // The calculator's patch failed; the step stays and sends it again.
    expect(assistant.context().errors.patchSession).toMatchObject({ status: 503 });
    assistant.send({ type: 'COMPLETED' });
    await assistant.settled();
    failures = 1;
    assistant.send({ type: 'COMPLETED', holder: HOLDER }, { type: 'CART' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ add_to_cart: 'failed' })).toBe(true);
    expect(assistant.handOff).not.toHaveBeenCalled();
    expect(assistant.can({ type: 'BACK' })).toBe(false);

    assistant.send({ type: 'RETRY' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ add_to_cart: 'handedOver' })).toBe(true);
    expect(assistant.handOff).toHaveBeenCalledOnce();
  });

  test('calls that were not provided fail with a message naming them', async () => {
    const machine = assistantMachine.provide({ actions: { scrollToTop: () => {}, handOffCart: () => {} } });
    const actor = createActor(machine, { input: { shopProductIds: SHOP_PRODUCT_IDS } }).start();
    for (const type of ['START', 'DE', 'YES', 'M8'] as const) actor.send({ type });
    actor.send({ type: 'ADD_LICENSE', license: testLicense(), accessToken: 't' });
    actor.send({ type: 'LOGGED_IN' });
    const snapshot = await waitFor(actor, (state) => !state.hasTag('busy'));
    expect(snapshot.context.errors.createSession).toEqual({
      status: null,
      message: 'The license assistant needs "createSession": pass it with assistantMachine.provide(…)',
    });
  });
});

test('a failed call keeps the id the server gave the request (the error box shows it for support)', () => {
  const named = Object.assign(new FakeApiError(500, 'Serverfehler'), { requestId: '7f3a9c01d2e45b68' });
  expect(toCallError(named)).toEqual({ status: 500, message: 'Serverfehler', requestId: '7f3a9c01d2e45b68' });
  expect(toCallError(new FakeApiError(null, 'Keine Antwort'))).toEqual({
    status: null,
    message: 'Keine Antwort',
  });
});
