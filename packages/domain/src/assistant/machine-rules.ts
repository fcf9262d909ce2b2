import { assertEvent, assign, emit } from 'xstate';
import { allowedHolderTypes } from '../license/holder-types.ts';
import { isCompleteOfferCode } from '../formats/offer-code.ts';
import { assistantMessages } from '../messages/assistant.ts';
import { isOrderableStatus, MAX_RESELLER_LICENSES, MAX_SEATS } from '../upgrade-session/enums.ts';
import type { UpgradeSession } from '../upgrade-session/schema.ts';
import {
  cartHasItems,
  initialContext,
  maxDvdCount,
  minimumSeats,
  originalSeats,
  type AssistantCall,
  type AssistantContext,
  type AssistantStep,
} from './context.ts';
import { assistantContract, toCallError } from './contract.ts';
import {
  dvdsDeliverableTo,
  isCountryCode,
  isOtherCountry,
  type CountryCode,
} from '../countries/countries.ts';
import { licenseRejection, loginLimit } from './licenses.ts';
import {
  changeResellerLine,
  newResellerLine,
  resellerLinesForCountry,
  type ResellerLineChanges,
} from './reseller.ts';
import { clampSeats } from './seats.ts';

function requestedDvds(dvdCount: number): number {
  return Math.max(0, Math.trunc(dvdCount));
}

function addedResellerLine(context: AssistantContext, event: { changes?: ResellerLineChanges }) {
  return newResellerLine(context.nextResellerNumber, event.changes ?? {}, context.billing.countryCode);
}

function changedResellerLine(
  context: AssistantContext,
  event: { uid: string; changes: ResellerLineChanges },
) {
  const line = context.resellerLicenses.find((candidate) => candidate.uid === event.uid);
  if (!line) throw new Error(`No reseller line ${event.uid}`);
  return changeResellerLine(line, event.changes, context.billing.countryCode, `Lizenz ${line.uid}`);
}

/**
 * The machine's own rules: what its transitions change in the context (actions) and when they may
 * be taken (guards). Pure functions of the context and the event; the chart (`machine.ts`) names
 * them. Every guard reads the event's payload, so `snapshot.can(event)` answers for the values a
 * screen would send.
 */
export const assistantRules = assistantContract.extend({
  actions: {
    /** Everything back to the start (spec §4); the way back is the welcome step's to begin. */
    reset: assign(({ context }) => ({
      ...initialContext({ shopProductIds: context.shopProductIds }),
      history: context.history,
    })),
    /** A step that is left forward is where Back returns to. */
    rememberStep: assign({
      history: ({ context, event }, params: { step: AssistantStep }) =>
        event.type === 'BACK' ? context.history : [...context.history, params.step],
    }),
    forgetStep: assign({ history: ({ context }) => context.history.slice(0, -1) }),
    clearHistory: assign({ history: [] }),
    keepError: assign({
      errors: ({ context, event }, params: { call: AssistantCall }) => ({
        ...context.errors,
        [params.call]: toCallError((event as { error?: unknown }).error),
      }),
    }),
    storeCartToken: assign(({ context, event }) => {
      const output = (event as { output?: { cartToken: string } }).output;
      return output ? { cartToken: output.cartToken, errors: { ...context.errors, signCart: null } } : {};
    }),
    storeSession: assign(({ context, event }) => {
      const output = (event as { output?: { session: UpgradeSession; token?: string } }).output;
      if (!output) return {};
      return {
        session: output.session,
        sessionToken: output.token ?? context.sessionToken,
        errors: { ...context.errors, createSession: null, patchSession: null },
      };
    }),

    setCountry: assign(({ context }, params: { countryCode: CountryCode }) => {
      const deliverable = dvdsDeliverableTo(params.countryCode);
      return {
        billing: { ...context.billing, countryCode: params.countryCode },
        dvdCount: deliverable ? context.dvdCount : 0,
        resellerLicenses: resellerLinesForCountry(context.resellerLicenses, params.countryCode),
      };
    }),
    toast: emit((_, params: { message: string; field?: 'dvdCount' }) => ({
      type: 'toast' as const,
      ...params,
    })),
    dropDvds: assign({ dvdCount: 0 }),

    startNewPurchase: assign({
      purchaseType: 'new',
      fromVersion: null,
      licenseClass: null,
      session: null,
      sessionToken: null,
    }),
    startUpgrade: assign(({ context }) => ({
      purchaseType: 'upgrade' as const,
      fromVersion: '8' as const,
      licenseClass: null,
      session: null,
      sessionToken: null,
      loginWarning: null,
      authenticatedLicenses: context.authenticatedLicenses.filter(
        ({ license }) => licenseRejection('upgrade', license) === null,
      ),
    })),
    startExtension: assign(({ context }) => ({
      purchaseType: 'extension' as const,
      fromVersion: '9' as const,
      licenseClass: 'pro' as const,
      session: null,
      sessionToken: null,
      loginWarning: null,
      authenticatedLicenses: context.authenticatedLicenses
        .filter(({ license }) => licenseRejection('extension', license) === null)
        .slice(0, loginLimit('extension')),
    })),
    startResellerOrder: assign({ purchaseType: 'reseller', fromVersion: null }),

    addLicense: assign(({ context, event }) => {
      assertEvent(event, 'ADD_LICENSE');
      return {
        authenticatedLicenses: [
          ...context.authenticatedLicenses,
          { license: event.license, accessToken: event.accessToken },
        ],
        loginWarning: null,
        loginRequested: false,
      };
    }),
    refreshLicense: assign(({ context, event }) => {
      assertEvent(event, 'ADD_LICENSE');
      return {
        authenticatedLicenses: context.authenticatedLicenses.map((entry) =>
          entry.license._id === event.license._id
            ? { license: event.license, accessToken: event.accessToken }
            : entry,
        ),
        loginWarning: assistantMessages.licenseAlreadyAdded,
      };
    }),
    warnRejectedLicense: assign(({ context, event }) => {
      assertEvent(event, 'ADD_LICENSE');
      const purchaseType = context.purchaseType === 'extension' ? 'extension' : 'upgrade';
      return { loginWarning: licenseRejection(purchaseType, event.license) };
    }),
    removeLicense: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_LICENSE');
      return {
        authenticatedLicenses: context.authenticatedLicenses.filter(
          ({ license }) => license._id !== event.licenseId,
        ),
        loginWarning: null,
      };
    }),
    requestLogin: assign({ loginRequested: true, loginWarning: null }),
    /** After the sign-ins: seats of an update = the old seats; an extension adds at least one. */
    takeSeatsFromLicenses: assign(({ context }) => {
      const seats = originalSeats(context);
      const extension = context.purchaseType === 'extension';
      return {
        seatCount: clampSeats(extension ? seats + 1 : seats),
        licenseClass: extension || seats > 1 ? ('pro' as const) : null,
        dvdCount: 0,
      };
    }),

    choosePersonal: assign(({ context }) => ({
      licenseClass: 'personal' as const,
      seatCount: 1,
      dvdCount: Math.min(context.dvdCount, 1),
    })),
    choosePro: assign({ licenseClass: 'pro' }),
    setDvdChoice: assign((_, params: { dvdCount: number }) => ({ dvdCount: params.dvdCount })),

    setSeats: assign(({ context, event }) => {
      assertEvent(event, 'SET_SEATS');
      const seatCount = clampSeats(event.seatCount);
      return { seatCount, dvdCount: Math.min(context.dvdCount, maxDvdCount({ ...context, seatCount })) };
    }),
    setDvds: assign(({ context, event }) => {
      assertEvent(event, 'SET_DVDS');
      return { dvdCount: Math.min(requestedDvds(event.dvdCount), maxDvdCount(context)) };
    }),

    storeHolder: assign(({ event }) => {
      assertEvent(event, 'COMPLETED');
      return { holder: event.holder ?? null };
    }),

    applyLoadedOffer: assign(({ context, event }) => {
      assertEvent(event, 'LOADED');
      const { session } = event;
      return {
        purchaseType: session.purchaseType,
        fromVersion: session.fromVersion,
        licenseClass: session.properties?.class ?? null,
        seatCount: session.properties?.size ?? 1,
        dvdCount: session.properties?.dvdCount ?? 0,
        billing: session.billing,
        shipToDifferentAddress: session.shipToDifferentAddress,
        shipping: session.shipping,
        holder: session.holder,
        resellerLicenses: session.resellerLicenses,
        authenticatedLicenses: [],
        offerLicenseKeys: session.originalLicenseKeys,
        session,
        sessionToken: null,
        offerToken: event.offerToken,
        errors: { ...context.errors, loadOffer: null },
      };
    }),

    addResellerLine: assign(({ context, event }) => {
      assertEvent(event, 'RESELLER_ADD');
      return {
        resellerLicenses: [...context.resellerLicenses, addedResellerLine(context, event).license],
        nextResellerNumber: context.nextResellerNumber + 1,
      };
    }),
    changeResellerLine: assign(({ context, event }) => {
      assertEvent(event, 'RESELLER_CHANGE');
      return {
        resellerLicenses: context.resellerLicenses.map((line) =>
          line.uid === event.uid ? changedResellerLine(context, event).license : line,
        ),
      };
    }),
    removeResellerLine: assign(({ context, event }) => {
      assertEvent(event, 'RESELLER_REMOVE');
      return { resellerLicenses: context.resellerLicenses.filter((line) => line.uid !== event.uid) };
    }),

    storeOfferForm: assign(({ event }) => {
      assertEvent(event, 'CREATE_OFFER');
      const { offer } = event;
      return {
        billing: offer.billing,
        shipToDifferentAddress: offer.shipToDifferentAddress,
        shipping: offer.shipToDifferentAddress ? offer.shipping : null,
      };
    }),
    storeOffer: assign(({ context, event }) => {
      assertEvent(event, 'CREATED');
      return {
        session: event.session,
        offerCode: event.offerCode ?? null,
        errors: { ...context.errors, createOffer: null },
      };
    }),
  },
  guards: {
    cameFrom: ({ context }, params: { step: AssistantStep }) => context.history.at(-1) === params.step,
    isOtherCountry: ({ event }) => event.type === 'SELECTED' && isOtherCountry(event.countryCode),
    isCountry: ({ event }) => event.type === 'SET_COUNTRY' && isCountryCode(event.countryCode),
    dvdsDeliverable: ({ context }) => dvdsDeliverableTo(context.billing.countryCode),
    isNewPurchase: ({ context }) => context.purchaseType === 'new',
    isUpgrade: ({ context }) => context.purchaseType === 'upgrade',
    isReseller: ({ context }) => context.purchaseType === 'reseller',
    isPro: ({ context }) => context.licenseClass === 'pro',
    hasSession: ({ context }) => context.session !== null,
    hasOwnSession: ({ context }) => context.session !== null && context.sessionToken !== null,
    /** The server said the cart's session was ordered (409) or its offer expired (410). */
    noLongerOrderable: ({ event }) => {
      const { status } = toCallError((event as { error?: unknown }).error);
      return status === 409 || status === 410;
    },

    licenseAlreadyAdded: ({ context, event }) =>
      event.type === 'ADD_LICENSE' &&
      context.authenticatedLicenses.some(({ license }) => license._id === event.license?._id),
    belowLoginLimit: ({ context }) =>
      (context.purchaseType === 'upgrade' || context.purchaseType === 'extension') &&
      context.authenticatedLicenses.length < loginLimit(context.purchaseType),
    licenseFits: ({ context, event }) =>
      event.type === 'ADD_LICENSE' &&
      event.license !== undefined &&
      (context.purchaseType === 'upgrade' || context.purchaseType === 'extension') &&
      licenseRejection(context.purchaseType, event.license) === null,
    hasThatLicense: ({ context, event }) =>
      event.type === 'REMOVE_LICENSE' &&
      context.authenticatedLicenses.some(({ license }) => license._id === event.licenseId),
    hasLicenses: ({ context }) => context.authenticatedLicenses.length > 0,

    seatsCutDvds: ({ context, event }) =>
      event.type === 'SET_SEATS' &&
      context.dvdCount > maxDvdCount({ ...context, seatCount: clampSeats(event.seatCount) }),
    dvdsAboveMaximum: ({ context, event }) =>
      event.type === 'SET_DVDS' && requestedDvds(event.dvdCount) > maxDvdCount(context),
    countryDropsDvds: ({ context, event }) =>
      event.type === 'SET_COUNTRY' &&
      !dvdsDeliverableTo(event.countryCode) &&
      (context.dvdCount > 0 || context.resellerLicenses.some((line) => line.properties.dvdCount > 0)),
    resellerLineCutsDvds: ({ context, event }) =>
      (event.type === 'RESELLER_ADD' && addedResellerLine(context, event).toasts.length > 0) ||
      (event.type === 'RESELLER_CHANGE' && changedResellerLine(context, event).toasts.length > 0),
    isWholeNumber: ({ event }) =>
      (event.type === 'SET_SEATS' && Number.isFinite(event.seatCount)) ||
      (event.type === 'SET_DVDS' && Number.isFinite(event.dvdCount)),
    seatsComplete: ({ context }) =>
      context.licenseClass === 'pro' &&
      context.seatCount >= minimumSeats(context) &&
      context.seatCount <= MAX_SEATS &&
      context.dvdCount <= maxDvdCount(context),
    holderTypeAllowed: ({ context, event }) =>
      event.type === 'COMPLETED' &&
      event.holder !== undefined &&
      allowedHolderTypes(context.licenseClass).includes(event.holder.holderType),

    offerCodeComplete: ({ event }) =>
      event.type === 'LOAD_OFFER' && isCompleteOfferCode(event.offerCode ?? ''),
    offerOrderable: ({ event }) => event.type === 'LOADED' && isOrderableStatus(event.session.status),

    belowResellerLimit: ({ context }) => context.resellerLicenses.length < MAX_RESELLER_LICENSES,
    hasThatResellerLine: ({ context, event }) =>
      (event.type === 'RESELLER_CHANGE' || event.type === 'RESELLER_REMOVE') &&
      context.resellerLicenses.some((line) => line.uid === event.uid),
    resellerOrderReady: ({ context }) =>
      context.resellerLicenses.length > 0 && isCountryCode(context.billing.countryCode),

    canCreateOffer: ({ context }) => cartHasItems(context) && context.offerToken === null,
    canOrder: ({ context }) =>
      cartHasItems(context) &&
      isCountryCode(context.billing.countryCode) &&
      (context.offerToken === null ||
        (context.session !== null && isOrderableStatus(context.session.status))),
    offerFitsCart: ({ context, event }) => {
      if (event.type !== 'CREATE_OFFER') return false;
      const { offer } = event;
      // The country priced the cart; DVDs travel only to a German address.
      if (offer.billing.countryCode !== context.billing.countryCode) return false;
      const deliveryCountry = offer.shipToDifferentAddress
        ? offer.shipping?.countryCode
        : offer.billing.countryCode;
      const dvds =
        context.dvdCount + context.resellerLicenses.reduce((sum, line) => sum + line.properties.dvdCount, 0);
      return dvds === 0 || dvdsDeliverableTo(deliveryCountry ?? '');
    },
  },
});
