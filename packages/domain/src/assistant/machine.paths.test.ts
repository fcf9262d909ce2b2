import { describe, expect, test } from 'vitest';
import { assistantCart } from './context.ts';
import {
  BILLING,
  HOLDER,
  OFFER_FORM,
  SESSION_ID,
  sessionFor,
  startAssistant,
  testLicense,
} from './test/harness.ts';

/** Every path from welcome to the cart and to a created offer, with what reaches the shop and the API. */
describe('from welcome to add_to_cart', () => {
  test('new pro purchase in Germany: 10 seats and a DVD reach the shop as M9-PRO × 10 and M9-DVD × 1', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PRO' });
    expect(assistant.step()).toBe('license_pro_calculator');
    assistant.send(
      { type: 'SET_SEATS', seatCount: 10 },
      { type: 'SET_DVDS', dvdCount: 1 },
      { type: 'COMPLETED' },
    );
    expect(assistant.step()).toBe('summary');
    expect(assistantCart(assistant.context())!.totals).toEqual({
      net: 44370,
      vat: 8430,
      vatRate: 19,
      gross: 52800,
    });

    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.snapshot().matches({ add_to_cart: 'handedOver' })).toBe(true);
    expect(assistant.handOff).toHaveBeenCalledExactlyOnceWith({
      products: [
        { sku: 'M9-PRO', productType: 'license', productId: 801, class: 'pro', type: 'full', quantity: 10 },
        { sku: 'M9-DVD', productType: 'dvd', productId: 805, class: null, type: null, quantity: 1 },
      ],
      cartToken: 'signed-cart-1',
      sessionId: null,
      sessionToken: null,
      offerToken: null,
      billing: { countryCode: 'DE' },
      purchaseType: 'new',
    });
    // The portal priced and signed the products itself (decision 065): no session for a new purchase.
    expect(assistant.calls.signCart).toEqual([
      {
        products: {
          purchaseType: 'new',
          countryCode: 'DE',
          products: [
            { sku: 'M9-PRO', quantity: 10 },
            { sku: 'M9-DVD', quantity: 1 },
          ],
        },
      },
    ]);
    expect(assistant.calls.createSession).toEqual([]);
    expect(assistant.calls.patchSession).toEqual([]);
  });

  test('new personal purchase in Austria: no DVD can be chosen, VAT at 20 %', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'AT' }, { type: 'NO' }, { type: 'PERSONAL' });
    expect(assistant.step()).toBe('license_select_dvd');
    expect(assistant.can({ type: 'DVD' })).toBe(false);
    assistant.send({ type: 'NO_DVD' });
    expect(assistant.step()).toBe('summary');
    expect(assistantCart(assistant.context())!.totals).toEqual({
      net: 6723,
      vat: 1345,
      vatRate: 20,
      gross: 8068,
    });
    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.handOff.mock.calls[0]![0]).toMatchObject({
      products: [{ sku: 'M9-PER', quantity: 1 }],
      billing: { countryCode: 'AT' },
    });
  });

  test('new purchase from another country picked in the dropdown', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'OTHER' }, { type: 'SELECTED', countryCode: 'NL' });
    expect(assistant.step()).toBe('start');
    assistant.send(
      { type: 'NO' },
      { type: 'PRO' },
      { type: 'SET_SEATS', seatCount: 3 },
      { type: 'COMPLETED' },
    );
    expect(assistantCart(assistant.context())!.totals.vatRate).toBe(21);
    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.handOff.mock.calls[0]![0].billing).toEqual({ countryCode: 'NL' });
  });

  test('a version 7 owner is not eligible for an update and buys new', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M7_OR_LESS' });
    expect(assistant.step()).toBe('update_not_eligible');
    assistant.send({ type: 'BUY' });
    expect(assistant.step()).toBe('license_select');
    expect(assistant.context().purchaseType).toBe('new');
    assistant.send({ type: 'PERSONAL' }, { type: 'DVD' });
    expect(assistant.step()).toBe('summary');
    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(
      assistant.handOff.mock.calls[0]![0].products.map((product) => [product.sku, product.quantity]),
    ).toEqual([
      ['M9-PER', 1],
      ['M9-DVD', 1],
    ]);
  });

  test('update merging two version 8 licenses: seat sum, session, binding, patched session in the cart', async () => {
    const assistant = startAssistant();
    const first = testLicense({ properties: { class: 'multiple', size: 3 } });
    const second = testLicense({ properties: { class: 'single', size: 2 } });
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' });
    assistant.send(
      { type: 'ADD_LICENSE', license: first, accessToken: 'token-1' },
      { type: 'REQUEST_LOGIN' },
      { type: 'ADD_LICENSE', license: second, accessToken: 'token-2' },
      { type: 'LOGGED_IN' },
    );
    await assistant.settled();
    expect(assistant.calls.createSession).toEqual([
      {
        purchaseType: 'upgrade',
        originalLicenses: [first._id, second._id],
        accessTokens: ['token-1', 'token-2'],
        fromVersion: '8',
        toVersion: '9',
        properties: { class: 'pro', size: 5, dvdCount: 0 },
        billing: { countryCode: 'DE' },
        shipToDifferentAddress: false,
        shipping: null,
        resellerLicenses: [],
      },
    ]);
    expect(assistant.step()).toBe('license_pro_calculator');
    expect(assistant.context().seatCount).toBe(5);

    assistant.send({ type: 'SET_SEATS', seatCount: 6 }, { type: 'COMPLETED' });
    await assistant.settled();
    expect(assistant.calls.patchSession).toEqual([
      {
        sessionId: SESSION_ID,
        sessionToken: 'session-token',
        patch: { properties: { class: 'pro', size: 6, dvdCount: 0 } },
      },
    ]);
    expect(assistant.step()).toBe('license_bind');
    assistant.send({ type: 'COMPLETED', holder: HOLDER });
    expect(assistant.step()).toBe('summary');
    expect(
      assistantCart(assistant.context())!.groupedLineItems[0]!.lineItems.map((line) => [
        line.sku,
        line.quantity,
      ]),
    ).toEqual([
      ['M9-PROU', 5],
      ['M9-PRO', 1],
    ]);

    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.calls.patchSession[1]).toEqual({
      sessionId: SESSION_ID,
      sessionToken: 'session-token',
      patch: {
        properties: { class: 'pro', size: 6, dvdCount: 0 },
        holder: HOLDER,
        billing: { countryCode: 'DE' },
        shipToDifferentAddress: false,
        shipping: null,
      },
    });
    expect(assistant.handOff.mock.calls[0]![0]).toMatchObject({
      sessionId: SESSION_ID,
      sessionToken: 'session-token',
      offerToken: null,
      purchaseType: 'upgrade',
      products: [
        { sku: 'M9-PROU', quantity: 5 },
        { sku: 'M9-PRO', quantity: 1 },
      ],
    });
  });

  test('update of one single-seat license to a personal license after the confirmation', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' });
    assistant.send({ type: 'ADD_LICENSE', license: testLicense(), accessToken: 't' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    expect(assistant.step()).toBe('license_select');
    expect(assistant.calls.createSession[0]!.properties).toBeNull();
    assistant.send({ type: 'PERSONAL' });
    expect(assistant.snapshot().matches({ license_select: 'confirmingPersonal' })).toBe(true);
    assistant.send({ type: 'CONFIRM' }, { type: 'NO_DVD' });
    expect(assistant.step()).toBe('license_bind');
    assistant.send({
      type: 'COMPLETED',
      holder: { holderType: 'person', name: 'Erika Mustermann', email: 'erika@example.com', contact: null },
    });
    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.calls.patchSession[0]!.patch.properties).toEqual({
      class: 'personal',
      size: 1,
      dvdCount: 0,
    });
    expect(assistant.handOff.mock.calls[0]![0].products).toEqual([
      {
        sku: 'M9-PERU',
        productType: 'license',
        productId: 804,
        class: 'personal',
        type: 'update',
        quantity: 1,
      },
    ]);
  });

  test('extension of a version 9 pro license: only the added seats are bought', async () => {
    const assistant = startAssistant({
      createSession: (input) => ({
        session: sessionFor(input, { originalSeats: 10 }),
        token: 'session-token',
      }),
    });
    const pro = testLicense({ version: '9', properties: { class: 'pro', size: 10, dvdCount: 0 } });
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M9' });
    assistant.send({ type: 'ADD_LICENSE', license: pro, accessToken: 'pro-token' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    expect(assistant.calls.createSession[0]).toMatchObject({
      purchaseType: 'extension',
      fromVersion: '9',
      originalLicenses: [pro._id],
      properties: { class: 'pro', size: 11, dvdCount: 0 },
    });
    expect(assistant.step()).toBe('license_pro_calculator');
    assistant.send({ type: 'SET_SEATS', seatCount: 15 }, { type: 'COMPLETED' });
    await assistant.settled();
    assistant.send({ type: 'COMPLETED', holder: HOLDER }, { type: 'CART' });
    await assistant.settled();
    expect(assistant.handOff.mock.calls[0]![0]).toMatchObject({
      purchaseType: 'extension',
      products: [{ sku: 'M9-PRO', quantity: 5 }],
    });
  });

  test('reseller order with three lines: a session keeps the lines, products name them', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'MANUAL' });
    expect(assistant.step()).toBe('manual_order');
    assistant.send(
      { type: 'RESELLER_ADD', changes: { size: 10, dvdCount: 1 } },
      { type: 'RESELLER_ADD', changes: { class: 'personal', quantity: 4 } },
      { type: 'RESELLER_ADD', changes: { size: 25, quantity: 2, customerReference: 'Schule Nord' } },
      { type: 'SUBMIT' },
    );
    expect(assistant.step()).toBe('summary');
    const groups = assistantCart(assistant.context())!.groupedLineItems;
    expect(groups.map((group) => group.customerReference)).toEqual(['Lizenz 1', 'Lizenz 2', 'Schule Nord']);

    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.calls.createSession[0]).toMatchObject({
      purchaseType: 'reseller',
      fromVersion: null,
      properties: null,
      resellerLicenses: [{ uid: '1' }, { uid: '2' }, { uid: '3' }],
    });
    expect(assistant.handOff.mock.calls[0]![0]).toMatchObject({
      purchaseType: 'reseller',
      sessionId: SESSION_ID,
      sessionToken: 'session-token',
      products: [
        { sku: 'M9-PRO', quantity: 10, licenseUid: '1', customerReference: 'Lizenz 1' },
        { sku: 'M9-DVD', quantity: 1, licenseUid: '1' },
        { sku: 'M9-PER', quantity: 4, licenseUid: '2', customerReference: 'Lizenz 2' },
        { sku: 'M9-PRO', quantity: 50, licenseUid: '3', customerReference: 'Schule Nord' },
      ],
    });
  });

  test('an offer loaded by its code goes to the cart as offered, without patching', async () => {
    const offered = sessionFor(
      {
        purchaseType: 'new',
        originalLicenses: [],
        accessTokens: [],
        fromVersion: null,
        toVersion: '9',
        properties: { class: 'pro', size: 10, dvdCount: 1 },
        billing: BILLING,
        shipToDifferentAddress: false,
        shipping: null,
        resellerLicenses: [],
      },
      { status: 'offered', offerNumber: 'A-2026-0007' },
    );
    const assistant = startAssistant({
      loadOffer: () => ({ session: { ...offered, originalLicenseKeys: [] }, offerToken: 'offer-token' }),
    });
    assistant.send({ type: 'OFFER' }, { type: 'LOAD_OFFER', offerCode: ' abc DEF ghj ' });
    await assistant.settled();
    expect(assistant.calls.loadOffer).toEqual([{ offerCode: 'abcDEFghj' }]);
    expect(assistant.step()).toBe('summary');
    expect(assistant.context()).toMatchObject({
      seatCount: 10,
      dvdCount: 1,
      licenseClass: 'pro',
      offerToken: 'offer-token',
    });
    expect(assistant.can({ type: 'OFFER' })).toBe(false);

    assistant.send({ type: 'CART' });
    await assistant.settled();
    expect(assistant.calls.patchSession).toEqual([]);
    expect(assistant.handOff.mock.calls[0]![0]).toMatchObject({
      sessionId: SESSION_ID,
      sessionToken: null,
      offerToken: 'offer-token',
      billing: BILLING,
      products: [
        { sku: 'M9-PRO', quantity: 10 },
        { sku: 'M9-DVD', quantity: 1 },
      ],
    });
  });

  test('an update’s offer loaded by its code names the licenses it updates by their keys', async () => {
    const offered = sessionFor(
      {
        purchaseType: 'upgrade',
        originalLicenses: ['license-1', 'license-2'],
        accessTokens: [],
        fromVersion: '8',
        toVersion: '9',
        properties: { class: 'pro', size: 4, dvdCount: 0 },
        billing: BILLING,
        shipToDifferentAddress: false,
        shipping: null,
        resellerLicenses: [],
      },
      { status: 'offered', offerNumber: 'A-2026-0008', originalSeats: 4, holder: HOLDER },
    );
    const originalLicenseKeys = ['ABCD2345EFGH', 'JKLM6789NPQR'];
    const assistant = startAssistant({
      loadOffer: () => ({ session: { ...offered, originalLicenseKeys }, offerToken: 'offer-token' }),
    });
    assistant.send({ type: 'OFFER' }, { type: 'LOAD_OFFER', offerCode: 'abcDEFghj' });
    await assistant.settled();
    expect(assistant.step()).toBe('summary');
    expect(assistant.context()).toMatchObject({
      authenticatedLicenses: [],
      offerLicenseKeys: originalLicenseKeys,
    });

    // Back to the start: a new purchase names no license.
    assistant.send({ type: 'BACK' }, { type: 'BACK' }, { type: 'START' });
    expect(assistant.context().offerLicenseKeys).toEqual([]);
  });
});

describe('from welcome to offer_created', () => {
  test('new purchase: the session is created with the offer form, then the offer', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'NO' }, { type: 'PRO' });
    assistant.send({ type: 'SET_SEATS', seatCount: 10 }, { type: 'COMPLETED' }, { type: 'OFFER' });
    expect(assistant.step()).toBe('offer_create');
    assistant.send({ type: 'CREATE_OFFER', offer: OFFER_FORM });
    expect(assistant.can({ type: 'CREATE_OFFER', offer: OFFER_FORM })).toBe(false);
    await assistant.settled();
    expect(assistant.calls.createSession[0]).toMatchObject({
      purchaseType: 'new',
      properties: { class: 'pro', size: 10, dvdCount: 0 },
      billing: BILLING,
    });
    expect(assistant.calls.createOffer).toEqual([
      {
        sessionId: SESSION_ID,
        sessionToken: 'session-token',
        offer: {
          billing: { ...BILLING, additional1: '', additional2: '' },
          shipToDifferentAddress: false,
          shipping: null,
        },
      },
    ]);
    expect(assistant.step()).toBe('offer_created');
    expect(assistant.context().session).toMatchObject({ status: 'offered', offerNumber: 'A-2026-0001' });
    expect(assistant.context().offerCode).toBe('abcDEF234');
    expect(assistant.can({ type: 'BACK' })).toBe(false);

    assistant.send({ type: 'RESET' });
    expect(assistant.step()).toBe('welcome');
    expect(assistant.context()).toMatchObject({
      session: null,
      seatCount: 1,
      dvdCount: 0,
      billing: { countryCode: 'DE' },
    });
  });

  test('update: the session of the login is patched with everything, then the offer is created', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M8' });
    assistant.send(
      {
        type: 'ADD_LICENSE',
        license: testLicense({ properties: { class: 'multiple', size: 4 } }),
        accessToken: 't',
      },
      { type: 'LOGGED_IN' },
    );
    await assistant.settled();
    assistant.send({ type: 'COMPLETED' });
    await assistant.settled();
    assistant.send(
      { type: 'COMPLETED', holder: HOLDER },
      { type: 'OFFER' },
      { type: 'CREATE_OFFER', offer: OFFER_FORM },
    );
    await assistant.settled();
    expect(assistant.calls.createSession).toHaveLength(1);
    expect(assistant.calls.patchSession.at(-1)!.patch).toMatchObject({ holder: HOLDER, billing: BILLING });
    expect(assistant.step()).toBe('offer_created');
  });

  test('extension: the session of the login is patched with seats and holder, then the offer is created', async () => {
    const assistant = startAssistant({
      createSession: (input) => ({
        session: sessionFor(input, { originalSeats: 10 }),
        token: 'session-token',
      }),
    });
    const pro = testLicense({ version: '9', properties: { class: 'pro', size: 10, dvdCount: 0 } });
    assistant.send({ type: 'START' }, { type: 'DE' }, { type: 'YES' }, { type: 'M9' });
    assistant.send({ type: 'ADD_LICENSE', license: pro, accessToken: 'pro-token' }, { type: 'LOGGED_IN' });
    await assistant.settled();
    assistant.send({ type: 'SET_SEATS', seatCount: 12 }, { type: 'COMPLETED' });
    await assistant.settled();
    assistant.send({ type: 'COMPLETED', holder: HOLDER }, { type: 'OFFER' });
    expect(assistant.step()).toBe('offer_create');
    assistant.send({ type: 'CREATE_OFFER', offer: OFFER_FORM });
    await assistant.settled();
    expect(assistant.calls.createSession).toHaveLength(1);
    expect(assistant.calls.createSession[0]).toMatchObject({
      purchaseType: 'extension',
      originalLicenses: [pro._id],
    });
    expect(assistant.calls.patchSession.at(-1)!.patch).toMatchObject({
      properties: { class: 'pro', size: 12, dvdCount: 0 },
      holder: HOLDER,
      billing: BILLING,
    });
    expect(assistant.calls.createOffer).toHaveLength(1);
    expect(assistant.step()).toBe('offer_created');
    expect(assistant.context().session).toMatchObject({ status: 'offered' });
  });

  test('reseller order: session and offer', async () => {
    const assistant = startAssistant();
    assistant.send({ type: 'MANUAL' }, { type: 'RESELLER_ADD' }, { type: 'SUBMIT' }, { type: 'OFFER' });
    assistant.send({ type: 'CREATE_OFFER', offer: OFFER_FORM });
    await assistant.settled();
    expect(assistant.calls.createSession[0]).toMatchObject({
      purchaseType: 'reseller',
      resellerLicenses: [{ uid: '1' }],
    });
    expect(assistant.step()).toBe('offer_created');
  });
});
