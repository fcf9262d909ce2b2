import { and, assertEvent, assign, emit, fromPromise, not, raise, setup, type SnapshotFrom } from 'xstate';
import type { HolderData } from '../license/holder-data.ts';
import { allowedHolderTypes } from '../license/holder-types.ts';
import type { License } from '../license/schema.ts';
import { isCompleteOfferCode, normalizeOfferCode } from '../formats/offer-code.ts';
import { assistantMessages } from '../messages/assistant.ts';
import { MAX_RESELLER_LICENSES, MAX_SEATS } from '../upgrade-session/enums.ts';
import type {
  CreateUpgradeSessionRequest,
  CreateUpgradeSessionResponse,
  OfferedSession,
  OfferForm,
  UpgradeSession,
  UpgradeSessionPatch,
} from '../upgrade-session/schema.ts';
import {
  addToCartMessage,
  ASSISTANT_STEPS,
  cartHasItems,
  createSessionRequest,
  initialContext,
  maxDvdCount,
  minimumSeats,
  originalSeats,
  sessionSyncPatch,
  type AddToCartMessage,
  type AssistantCall,
  type AssistantContext,
  type AssistantInput,
  type AssistantStep,
  type CallError,
} from './context.ts';
import { dvdsDeliverableTo, isCountryCode, isOtherCountry, type CountryCode } from './countries.ts';
import { licenseRejection, loginLimit } from './licenses.ts';
import {
  changeResellerLine,
  newResellerLine,
  resellerLinesForCountry,
  type ResellerLineChanges,
} from './reseller.ts';
import { clampSeats } from './seats.ts';

/**
 * The events of the assistant. The spec's list (§4) is here with the same names; the others carry
 * what a step's editor changes (seats, DVDs, licenses, reseller lines) or answer a dialog.
 * `LOADED` and `CREATED` are raised by the machine itself when the injected call succeeded.
 * The binding step's `COMPLETED` and `CREATE_OFFER` carry what the domain's schema makes of their
 * form (`toHolderData`, `toOfferForm`); the injected form guards check it by that schema.
 */
export type AssistantEvent =
  | { type: 'START' }
  | { type: 'OFFER' }
  | { type: 'MANUAL' }
  | { type: 'DE' }
  | { type: 'AT' }
  | { type: 'CH' }
  | { type: 'OTHER' }
  | { type: 'SELECTED'; countryCode: string }
  | { type: 'YES' }
  | { type: 'NO' }
  | { type: 'M9' }
  | { type: 'M8' }
  | { type: 'M7_OR_LESS' }
  | { type: 'BUY' }
  | { type: 'ADD_LICENSE'; license: License; accessToken: string }
  | { type: 'REMOVE_LICENSE'; licenseId: string }
  | { type: 'REQUEST_LOGIN' }
  | { type: 'LOGGED_IN' }
  | { type: 'PERSONAL' }
  | { type: 'PRO' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'SET_SEATS'; seatCount: number }
  | { type: 'SET_DVDS'; dvdCount: number }
  | { type: 'COMPLETED'; holder?: HolderData }
  | { type: 'DVD' }
  | { type: 'NO_DVD' }
  | { type: 'LOAD_OFFER'; offerCode: string }
  | { type: 'LOADED'; session: OfferedSession; offerToken: string }
  | { type: 'CLOSE' }
  | { type: 'RESELLER_ADD'; changes?: ResellerLineChanges }
  | { type: 'RESELLER_CHANGE'; uid: string; changes: ResellerLineChanges }
  | { type: 'RESELLER_REMOVE'; uid: string }
  | { type: 'SET_COUNTRY'; countryCode: string }
  | { type: 'SUBMIT' }
  | { type: 'CART' }
  | { type: 'CREATE_OFFER'; offer: OfferForm }
  | { type: 'CREATED'; session: UpgradeSession; offerCode?: string }
  | { type: 'RESET' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

/** What the machine emits for the screens to show (subscribe with `actor.on('toast', …)`). */
export type AssistantEmitted = { type: 'toast'; message: string };

export interface PatchSessionInput {
  sessionId: string;
  sessionToken: string;
  patch: UpgradeSessionPatch;
}
export interface LoadOfferInput {
  /** Whitespace removed, case kept. */
  offerCode: string;
}
export interface LoadedOffer {
  session: OfferedSession;
  offerToken: string;
}
/** The offered session, and the code that reloads it (shown on the confirmation). */
export interface CreatedOffer {
  session: UpgradeSession;
  offerCode?: string;
}
export interface CreateOfferInput {
  sessionId: string;
  sessionToken: string;
  /** The offer form's addresses as the assistant keeps them: the body of the offer request. */
  offer: Pick<AssistantContext, 'billing' | 'shipToDifferentAddress' | 'shipping'>;
}

/** Default of every injected side effect: refuse loudly, naming what the app has to provide. */
function notProvided(name: string): never {
  throw new Error(`The license assistant needs "${name}": pass it with assistantMachine.provide(…)`);
}

/** A rejected call as the assistant keeps it: the status of an API error (`null` without answer). */
export function toCallError(error: unknown): CallError {
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : null;
  const message = error instanceof Error ? error.message : String(error);
  return { status, message };
}

function ownSession(context: AssistantContext): { sessionId: string; sessionToken: string } {
  if (!context.session || !context.sessionToken) throw new Error('The assistant has no session of its own');
  return { sessionId: context.session._id, sessionToken: context.sessionToken };
}

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

/** The country an event names (its guard checked that it is one). */
const setCountryFromEvent = {
  type: 'setCountry',
  params: ({ event }: { event: AssistantEvent }) => ({
    countryCode: ('countryCode' in event ? event.countryCode : '') as CountryCode,
  }),
} as const;
const dvdsToast = { type: 'toast', params: { message: assistantMessages.dvdMaximumIsSize } } as const;
const germanyToast = { type: 'toast', params: { message: assistantMessages.dvdOnlyGermany } } as const;

const keepError = (call: AssistantCall) => ({ type: 'keepError', params: { call } }) as const;
const remember = (step: AssistantStep) => ({ type: 'remember', params: { step } }) as const;

/** Back pops the history: one candidate transition per step that may be on top of it. */
const BACK = ASSISTANT_STEPS.map((step) => ({
  guard: { type: 'cameFrom', params: { step } } as const,
  target: `#assistant.${step}`,
  actions: 'forget' as const,
}));

export const assistantMachine = setup({
  types: {
    context: {} as AssistantContext,
    events: {} as AssistantEvent,
    input: {} as AssistantInput,
    emitted: {} as AssistantEmitted,
  },
  actors: {
    createSession: fromPromise<CreateUpgradeSessionResponse, CreateUpgradeSessionRequest>(async () =>
      notProvided('createSession'),
    ),
    patchSession: fromPromise<{ session: UpgradeSession }, PatchSessionInput>(async () =>
      notProvided('patchSession'),
    ),
    loadOffer: fromPromise<LoadedOffer, LoadOfferInput>(async () => notProvided('loadOffer')),
    createOffer: fromPromise<CreatedOffer, CreateOfferInput>(async () => notProvided('createOffer')),
  },
  actions: {
    /** Scroll the assistant and the shop page to the top (on every step). */
    scrollToTop: () => notProvided('scrollToTop'),
    /** Post `add_to_cart` with this message to the shop page. */
    handOffCart: (_, _message: AddToCartMessage) => notProvided('handOffCart'),
    /** Post the shop's test message (customer spec §7: sent on a pro license click). */
    postTestMessage: () => notProvided('postTestMessage'),

    reset: assign(({ context }) => initialContext({ shopProductIds: context.shopProductIds })),
    remember: assign({
      history: ({ context }, params: { step: AssistantStep }) => [...context.history, params.step],
    }),
    forget: assign({ history: ({ context }) => context.history.slice(0, -1) }),
    keepError: assign({
      errors: ({ context, event }, params: { call: AssistantCall }) => ({
        ...context.errors,
        [params.call]: toCallError((event as { error?: unknown }).error),
      }),
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
    toast: emit((_, params: { message: string }) => ({ type: 'toast' as const, message: params.message })),
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
    /**
     * The forms' checks by the domain's schemas (`assistantFormGuards`): injected, so that the
     * machine, which the assistant's first screen needs, comes without them (and without zod).
     */
    holderValid: () => notProvided('holderValid'),
    offerFormValid: () => notProvided('offerFormValid'),

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
    offerOrderable: ({ event }) => event.type === 'LOADED' && event.session.status === 'offered',

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
      (context.offerToken === null || context.session?.status === 'offered'),
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
}).createMachine({
  id: 'assistant',
  context: ({ input }) => initialContext(input),
  initial: 'welcome',
  states: {
    welcome: {
      entry: 'scrollToTop',
      on: {
        START: { target: 'country_select', actions: ['reset', remember('welcome')] },
        OFFER: { target: 'offer_load', actions: ['reset', remember('welcome')] },
        MANUAL: { target: 'manual_order', actions: ['reset', 'startResellerOrder', remember('welcome')] },
      },
    },
    country_select: {
      entry: 'scrollToTop',
      on: {
        BACK,
        DE: {
          target: 'start',
          actions: [{ type: 'setCountry', params: { countryCode: 'DE' } }, remember('country_select')],
        },
        AT: {
          target: 'start',
          actions: [{ type: 'setCountry', params: { countryCode: 'AT' } }, remember('country_select')],
        },
        CH: {
          target: 'start',
          actions: [{ type: 'setCountry', params: { countryCode: 'CH' } }, remember('country_select')],
        },
        OTHER: { target: 'country_select_other', actions: ['dropDvds', remember('country_select')] },
      },
    },
    country_select_other: {
      entry: 'scrollToTop',
      on: {
        BACK,
        SELECTED: {
          guard: 'isOtherCountry',
          target: 'start',
          actions: [setCountryFromEvent, remember('country_select_other')],
        },
      },
    },
    start: {
      entry: 'scrollToTop',
      on: {
        BACK,
        NO: { target: 'license_select', actions: ['startNewPurchase', remember('start')] },
        YES: { target: 'update_eligibility', actions: remember('start') },
      },
    },
    update_eligibility: {
      entry: 'scrollToTop',
      on: {
        BACK,
        M7_OR_LESS: { target: 'update_not_eligible', actions: remember('update_eligibility') },
        M8: { target: 'license_login', actions: ['startUpgrade', remember('update_eligibility')] },
        M9: { target: 'license_login', actions: ['startExtension', remember('update_eligibility')] },
      },
    },
    update_not_eligible: {
      entry: 'scrollToTop',
      on: {
        BACK,
        BUY: { target: 'license_select', actions: ['startNewPurchase', remember('update_not_eligible')] },
      },
    },
    license_login: {
      entry: 'scrollToTop',
      initial: 'idle',
      states: {
        idle: {
          on: {
            BACK,
            ADD_LICENSE: [
              { guard: 'licenseAlreadyAdded', actions: 'refreshLicense' },
              { guard: and(['belowLoginLimit', 'licenseFits']), actions: 'addLicense' },
              { guard: 'belowLoginLimit', actions: 'warnRejectedLicense' },
            ],
            REMOVE_LICENSE: { guard: 'hasThatLicense', actions: 'removeLicense' },
            REQUEST_LOGIN: { guard: 'belowLoginLimit', actions: 'requestLogin' },
            LOGGED_IN: { guard: 'hasLicenses', target: 'creatingSession', actions: 'takeSeatsFromLicenses' },
          },
        },
        creatingSession: {
          tags: 'busy',
          invoke: {
            src: 'createSession',
            input: ({ context }) => createSessionRequest(context),
            onDone: [
              {
                guard: 'isPro',
                target: '#assistant.license_pro_calculator',
                actions: ['storeSession', remember('license_login')],
              },
              { target: '#assistant.license_select', actions: ['storeSession', remember('license_login')] },
            ],
            onError: { target: 'idle', actions: keepError('createSession') },
          },
        },
      },
    },
    license_select: {
      entry: 'scrollToTop',
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            BACK,
            PERSONAL: [
              { guard: 'isUpgrade', target: 'confirmingPersonal' },
              {
                target: '#assistant.license_select_dvd',
                actions: ['choosePersonal', remember('license_select')],
              },
            ],
            PRO: {
              target: '#assistant.license_pro_calculator',
              actions: ['choosePro', remember('license_select'), 'postTestMessage'],
            },
          },
        },
        /** The dialog „Nur für natürliche Personen” (only on an update). */
        confirmingPersonal: {
          on: {
            CONFIRM: {
              target: '#assistant.license_select_dvd',
              actions: ['choosePersonal', remember('license_select')],
            },
            CANCEL: 'choosing',
          },
        },
      },
    },
    license_select_dvd: {
      entry: 'scrollToTop',
      on: {
        BACK,
        DVD: [
          {
            guard: and(['dvdsDeliverable', 'isNewPurchase']),
            target: 'summary',
            actions: [{ type: 'setDvdChoice', params: { dvdCount: 1 } }, remember('license_select_dvd')],
          },
          {
            guard: 'dvdsDeliverable',
            target: 'license_bind',
            actions: [{ type: 'setDvdChoice', params: { dvdCount: 1 } }, remember('license_select_dvd')],
          },
        ],
        NO_DVD: [
          {
            guard: 'isNewPurchase',
            target: 'summary',
            actions: [{ type: 'setDvdChoice', params: { dvdCount: 0 } }, remember('license_select_dvd')],
          },
          {
            target: 'license_bind',
            actions: [{ type: 'setDvdChoice', params: { dvdCount: 0 } }, remember('license_select_dvd')],
          },
        ],
      },
    },
    license_pro_calculator: {
      entry: 'scrollToTop',
      initial: 'editing',
      states: {
        editing: {
          on: {
            BACK,
            SET_SEATS: [
              { guard: and(['isWholeNumber', 'seatsCutDvds']), actions: ['setSeats', dvdsToast] },
              { guard: 'isWholeNumber', actions: 'setSeats' },
            ],
            SET_DVDS: [
              {
                guard: and(['isWholeNumber', 'dvdsDeliverable', 'dvdsAboveMaximum']),
                actions: ['setDvds', dvdsToast],
              },
              { guard: and(['isWholeNumber', 'dvdsDeliverable']), actions: 'setDvds' },
            ],
            COMPLETED: [
              { guard: and(['seatsComplete', 'hasOwnSession']), target: 'patchingSession' },
              {
                guard: and(['seatsComplete', 'isNewPurchase']),
                target: '#assistant.summary',
                actions: remember('license_pro_calculator'),
              },
              {
                guard: 'seatsComplete',
                target: '#assistant.license_bind',
                actions: remember('license_pro_calculator'),
              },
            ],
          },
        },
        patchingSession: {
          tags: 'busy',
          invoke: {
            src: 'patchSession',
            input: ({ context }) => ({
              ...ownSession(context),
              patch: { properties: { class: 'pro', size: context.seatCount, dvdCount: context.dvdCount } },
            }),
            onDone: [
              {
                guard: 'isNewPurchase',
                target: '#assistant.summary',
                actions: ['storeSession', remember('license_pro_calculator')],
              },
              {
                target: '#assistant.license_bind',
                actions: ['storeSession', remember('license_pro_calculator')],
              },
            ],
            onError: { target: 'editing', actions: keepError('patchSession') },
          },
        },
      },
    },
    license_bind: {
      entry: 'scrollToTop',
      on: {
        BACK,
        COMPLETED: {
          guard: and(['holderValid', 'holderTypeAllowed']),
          target: 'summary',
          actions: ['storeHolder', remember('license_bind')],
        },
      },
    },
    offer_load: {
      entry: 'scrollToTop',
      initial: 'editing',
      states: {
        editing: {
          on: {
            BACK,
            LOAD_OFFER: { guard: 'offerCodeComplete', target: 'loading' },
          },
        },
        loading: {
          tags: 'busy',
          invoke: {
            src: 'loadOffer',
            input: ({ event }) => {
              assertEvent(event, 'LOAD_OFFER');
              return { offerCode: normalizeOfferCode(event.offerCode) };
            },
            onDone: { actions: raise(({ event }) => ({ type: 'LOADED' as const, ...event.output })) },
            onError: { target: 'editing', actions: keepError('loadOffer') },
          },
          on: {
            LOADED: [
              {
                guard: 'offerOrderable',
                target: '#assistant.summary',
                actions: ['applyLoadedOffer', remember('offer_load')],
              },
              { target: 'notAvailable' },
            ],
          },
        },
        /** The dialog „Nicht mehr verfügbar”: the offer was ordered already. */
        notAvailable: { on: { CLOSE: 'editing' } },
      },
    },
    manual_order: {
      entry: 'scrollToTop',
      on: {
        BACK,
        RESELLER_ADD: [
          {
            guard: and(['belowResellerLimit', 'resellerLineCutsDvds']),
            actions: ['addResellerLine', dvdsToast],
          },
          { guard: 'belowResellerLimit', actions: 'addResellerLine' },
        ],
        RESELLER_CHANGE: [
          {
            guard: and(['hasThatResellerLine', 'resellerLineCutsDvds']),
            actions: ['changeResellerLine', dvdsToast],
          },
          { guard: 'hasThatResellerLine', actions: 'changeResellerLine' },
        ],
        RESELLER_REMOVE: { guard: 'hasThatResellerLine', actions: 'removeResellerLine' },
        SET_COUNTRY: [
          { guard: and(['isCountry', 'countryDropsDvds']), actions: [setCountryFromEvent, germanyToast] },
          { guard: 'isCountry', actions: setCountryFromEvent },
        ],
        SUBMIT: { guard: 'resellerOrderReady', target: 'summary', actions: remember('manual_order') },
      },
    },
    summary: {
      entry: 'scrollToTop',
      on: {
        BACK,
        OFFER: { guard: 'canCreateOffer', target: 'offer_create', actions: remember('summary') },
        CART: { guard: 'canOrder', target: 'add_to_cart', actions: remember('summary') },
      },
    },
    offer_create: {
      entry: 'scrollToTop',
      initial: 'editing',
      states: {
        editing: {
          on: {
            BACK,
            CREATE_OFFER: {
              guard: and(['offerFormValid', 'offerFitsCart']),
              target: 'savingSession',
              actions: 'storeOfferForm',
            },
          },
        },
        savingSession: {
          always: [{ guard: 'hasOwnSession', target: 'patchingSession' }, { target: 'creatingSession' }],
        },
        creatingSession: {
          tags: 'busy',
          invoke: {
            src: 'createSession',
            input: ({ context }) => createSessionRequest(context),
            onDone: { target: 'creatingOffer', actions: 'storeSession' },
            onError: { target: 'editing', actions: keepError('createSession') },
          },
        },
        patchingSession: {
          tags: 'busy',
          invoke: {
            src: 'patchSession',
            input: ({ context }) => ({ ...ownSession(context), patch: sessionSyncPatch(context) }),
            onDone: { target: 'creatingOffer', actions: 'storeSession' },
            onError: { target: 'editing', actions: keepError('patchSession') },
          },
        },
        creatingOffer: {
          tags: 'busy',
          invoke: {
            src: 'createOffer',
            input: ({ context }) => ({
              ...ownSession(context),
              offer: {
                billing: context.billing,
                shipToDifferentAddress: context.shipToDifferentAddress,
                shipping: context.shipping,
              },
            }),
            onDone: {
              actions: raise(({ event }) => ({
                type: 'CREATED' as const,
                session: event.output.session,
                offerCode: event.output.offerCode,
              })),
            },
            onError: { target: 'editing', actions: keepError('createOffer') },
          },
          on: { CREATED: { target: '#assistant.offer_created', actions: 'storeOffer' } },
        },
      },
    },
    offer_created: {
      entry: 'scrollToTop',
      on: { RESET: { target: 'welcome', actions: 'reset' } },
    },
    add_to_cart: {
      entry: 'scrollToTop',
      initial: 'savingSession',
      states: {
        savingSession: {
          always: [
            { guard: 'hasOwnSession', target: 'patchingSession' },
            { guard: and(['isReseller', not('hasSession')]), target: 'creatingSession' },
            { target: 'handedOver' },
          ],
        },
        patchingSession: {
          tags: 'busy',
          invoke: {
            src: 'patchSession',
            input: ({ context }) => ({ ...ownSession(context), patch: sessionSyncPatch(context) }),
            onDone: { target: 'handedOver', actions: 'storeSession' },
            onError: { target: 'failed', actions: keepError('patchSession') },
          },
        },
        creatingSession: {
          tags: 'busy',
          invoke: {
            src: 'createSession',
            input: ({ context }) => createSessionRequest(context),
            onDone: { target: 'handedOver', actions: 'storeSession' },
            onError: { target: 'failed', actions: keepError('createSession') },
          },
        },
        /** „Fehler beim Aktualisieren der Update-Session” with a retry button. */
        failed: { on: { RETRY: 'savingSession' } },
        handedOver: {
          entry: { type: 'handOffCart', params: ({ context }) => addToCartMessage(context) },
        },
      },
    },
  },
});

export type AssistantSnapshot = SnapshotFrom<typeof assistantMachine>;

/** The step a snapshot is on (the top-level state). */
export function assistantStep(snapshot: AssistantSnapshot): AssistantStep {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as AssistantStep;
}

/** Whether the step shows a Back button that works now. */
export function canGoBack(snapshot: AssistantSnapshot): boolean {
  return snapshot.can({ type: 'BACK' });
}
