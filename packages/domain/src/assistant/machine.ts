import { and, assertEvent, not, raise, type SnapshotFrom } from 'xstate';
import { normalizeOfferCode } from '../formats/offer-code.ts';
import { assistantMessages } from '../messages/assistant.ts';
import type { UpgradeSessionPatch } from '../upgrade-session/schema.ts';
import {
  addToCartMessage,
  ASSISTANT_STEPS,
  createSessionRequest,
  initialContext,
  sessionSyncPatch,
  type AssistantCall,
  type AssistantContext,
  type AssistantStep,
} from './context.ts';
import type { CountryCode } from '../countries/countries.ts';
import type { SignCartInput } from './contract.ts';
import { assistantRules } from './machine-rules.ts';

/*
 * The assistant's chart: its steps (customer spec §2), the events each takes and where they lead.
 * What a transition changes and when it may be taken are named rules (`machine-rules.ts`); the
 * events the screens send and what the app injects are the contract (`contract.ts`, decision 042).
 */

const keepError = (call: AssistantCall) => ({ type: 'keepError', params: { call } }) as const;
const dvdsToast = { type: 'toast', params: { message: assistantMessages.dvdMaximumIsSize } } as const;
/** The seats step's DVDs cut down: said beside its DVD field until dismissed. */
const dvdsCutNotice = {
  type: 'toast',
  params: { message: assistantMessages.dvdMaximumIsSize, field: 'dvdCount' },
} as const;
const germanyToast = { type: 'toast', params: { message: assistantMessages.dvdOnlyGermany } } as const;

/** Back pops the history: one candidate transition per step that may be on top of it. */
const BACK = ASSISTANT_STEPS.map((step) => ({
  guard: { type: 'cameFrom', params: { step } } as const,
  target: `#assistant.${step}`,
  actions: 'forgetStep' as const,
}));

/** The country an event names (its guard checked that it is one). */
const setCountryFromEvent = {
  type: 'setCountry',
  params: ({ event }: { event: { type: string } }) => ({
    countryCode: ('countryCode' in event ? event.countryCode : '') as CountryCode,
  }),
} as const;
const chooseCountry = (countryCode: CountryCode) =>
  ({ target: 'start', actions: { type: 'setCountry', params: { countryCode } } }) as const;
const setDvdChoice = (dvdCount: number) => ({ type: 'setDvdChoice', params: { dvdCount } }) as const;

/** The product is chosen: a new purchase is summed up; an update or extension binds its license first. */
const productChosen = {
  always: [{ guard: 'isNewPurchase', target: '#assistant.summary' }, { target: '#assistant.license_bind' }],
} as const;

/** Creates the assistant's session from what it knows now; the answer is stored, then `next`. */
function creatingSession(next: string, failed: string) {
  return assistantRules.createStateConfig({
    tags: 'busy',
    invoke: {
      src: 'createSession',
      input: ({ context }) => createSessionRequest(context),
      onDone: { target: next, actions: 'storeSession' },
      onError: { target: failed, actions: keepError('createSession') },
    },
  });
}

/** Patches the assistant's own session; the answer is stored, then `next`. */
function patchingSession(
  patch: (context: AssistantContext) => UpgradeSessionPatch,
  next: string,
  failed: string,
) {
  return assistantRules.createStateConfig({
    tags: 'busy',
    invoke: {
      src: 'patchSession',
      input: ({ context }) => ({ ...ownSession(context), patch: patch(context) }),
      onDone: { target: next, actions: 'storeSession' },
      onError: { target: failed, actions: keepError('patchSession') },
    },
  });
}

/**
 * The two ways of bringing the session up to date with everything before `next`: the own session
 * is patched, a new one created (the step's `savingSession` decides which, if any).
 */
function savingSession(next: string, failed: string) {
  return {
    patchingSession: patchingSession(sessionSyncPatch, next, failed),
    creatingSession: creatingSession(next, failed),
  };
}

function ownSession(context: AssistantContext): { sessionId: string; sessionToken: string } {
  if (!context.session || !context.sessionToken) throw new Error('The assistant has no session of its own');
  return { sessionId: context.session._id, sessionToken: context.sessionToken };
}

/** Loads an offer by its code; the answer is raised as `LOADED` for the step's rules to read. */
const loadingOffer = assistantRules.createStateConfig({
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
});

/** Creates the offer of the own session; the answer is raised as `CREATED`. */
const creatingOffer = assistantRules.createStateConfig({
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
});

/**
 * The cart the portal is to sign: the session and the token the assistant holds for it; a new
 * purchase without session its products in the buyer's country.
 */
function cartToSign(context: AssistantContext): SignCartInput {
  const token = context.sessionToken ?? context.offerToken;
  if (context.session && token) return { sessionId: context.session._id, token };
  const products = addToCartMessage(context).products.map(({ sku, quantity }) => ({ sku, quantity }));
  if (context.session || context.purchaseType !== 'new' || products.length === 0) {
    throw new Error('The assistant’s cart has nothing the portal could sign');
  }
  return {
    products: { purchaseType: 'new', countryCode: context.billing.countryCode, products },
  };
}

/**
 * The portal prices and signs the cart (decision 065), asked whether the cart's session (an offer
 * loaded by code, or the assistant's own) may still be ordered: an ordered or expired one goes to
 * the dialog „Nicht mehr verfügbar”; another failure waits for „Erneut versuchen”.
 */
const signingCart = assistantRules.createStateConfig({
  tags: 'busy',
  invoke: {
    src: 'signCart',
    input: ({ context }) => cartToSign(context),
    onDone: { target: 'handedOver', actions: 'storeCartToken' },
    onError: [
      { guard: 'noLongerOrderable', target: 'notAvailable', actions: keepError('signCart') },
      { target: 'failed', actions: keepError('signCart') },
    ],
  },
});

const handingOffCart = assistantRules.createStateConfig({
  entry: { type: 'handOffCart', params: ({ context }) => addToCartMessage(context) },
});

/**
 * Every step scrolls to the top when it is entered, and is remembered for Back when it is left by
 * anything but Back.
 */
function steps<const T extends Record<AssistantStep, object>>(configs: T) {
  return Object.fromEntries(
    Object.entries(configs).map(([step, config]) => [
      step,
      { ...config, entry: 'scrollToTop', exit: { type: 'rememberStep', params: { step } } },
    ]),
  ) as {
    [K in keyof T]: T[K] & { entry: 'scrollToTop'; exit: { type: 'rememberStep'; params: { step: K } } };
  };
}

export const assistantMachine = assistantRules.createMachine({
  id: 'assistant',
  context: ({ input }) => initialContext(input),
  initial: 'welcome',
  states: steps({
    welcome: {
      on: {
        START: { target: 'country_select', actions: 'reset' },
        OFFER: { target: 'offer_load', actions: 'reset' },
        MANUAL: { target: 'manual_order', actions: ['reset', 'startResellerOrder'] },
      },
    },
    country_select: {
      on: {
        BACK,
        DE: chooseCountry('DE'),
        AT: chooseCountry('AT'),
        CH: chooseCountry('CH'),
        OTHER: { target: 'country_select_other', actions: 'dropDvds' },
      },
    },
    country_select_other: {
      on: {
        BACK,
        SELECTED: { guard: 'isOtherCountry', target: 'start', actions: setCountryFromEvent },
      },
    },
    start: {
      on: {
        BACK,
        NO: { target: 'license_select', actions: 'startNewPurchase' },
        YES: 'update_eligibility',
      },
    },
    update_eligibility: {
      on: {
        BACK,
        M7_OR_LESS: 'update_not_eligible',
        M8: { target: 'license_login', actions: 'startUpgrade' },
        M9: { target: 'license_login', actions: 'startExtension' },
      },
    },
    update_not_eligible: {
      on: {
        BACK,
        BUY: { target: 'license_select', actions: 'startNewPurchase' },
      },
    },
    license_login: {
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
        // Each time: the licenses may have changed since the last one.
        creatingSession: creatingSession('created', 'idle'),
        /** More than one old seat (or an extension) made the license pro: no class to choose. */
        created: {
          always: [
            { guard: 'isPro', target: '#assistant.license_pro_calculator' },
            { target: '#assistant.license_select' },
          ],
        },
      },
    },
    license_select: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            BACK,
            PERSONAL: [
              { guard: 'isUpgrade', target: 'confirmingPersonal' },
              { target: '#assistant.license_select_dvd', actions: 'choosePersonal' },
            ],
            PRO: { target: '#assistant.license_pro_calculator', actions: ['choosePro', 'postTestMessage'] },
          },
        },
        /** The dialog „Nur für natürliche Personen” (only on an update). */
        confirmingPersonal: {
          on: {
            CONFIRM: { target: '#assistant.license_select_dvd', actions: 'choosePersonal' },
            CANCEL: 'choosing',
          },
        },
      },
    },
    license_select_dvd: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            BACK,
            DVD: { guard: 'dvdsDeliverable', target: 'chosen', actions: setDvdChoice(1) },
            NO_DVD: { target: 'chosen', actions: setDvdChoice(0) },
          },
        },
        chosen: productChosen,
      },
    },
    license_pro_calculator: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            BACK,
            SET_SEATS: [
              { guard: and(['isWholeNumber', 'seatsCutDvds']), actions: ['setSeats', dvdsCutNotice] },
              { guard: 'isWholeNumber', actions: 'setSeats' },
            ],
            SET_DVDS: [
              {
                guard: and(['isWholeNumber', 'dvdsDeliverable', 'dvdsAboveMaximum']),
                actions: ['setDvds', dvdsCutNotice],
              },
              { guard: and(['isWholeNumber', 'dvdsDeliverable']), actions: 'setDvds' },
            ],
            COMPLETED: [
              { guard: and(['seatsComplete', 'hasOwnSession']), target: 'patchingSession' },
              { guard: 'seatsComplete', target: 'chosen' },
            ],
          },
        },
        patchingSession: patchingSession(
          ({ seatCount, dvdCount }) => ({ properties: { class: 'pro', size: seatCount, dvdCount } }),
          'chosen',
          'editing',
        ),
        chosen: productChosen,
      },
    },
    license_bind: {
      on: {
        BACK,
        COMPLETED: {
          guard: and(['holderValid', 'holderTypeAllowed']),
          target: 'summary',
          actions: 'storeHolder',
        },
      },
    },
    offer_load: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            BACK,
            LOAD_OFFER: { guard: 'offerCodeComplete', target: 'loading' },
          },
        },
        loading: {
          ...loadingOffer,
          on: {
            LOADED: [
              { guard: 'offerOrderable', target: '#assistant.summary', actions: 'applyLoadedOffer' },
              { target: 'notAvailable' },
            ],
          },
        },
        /** The dialog „Nicht mehr verfügbar”: the offer was ordered already. */
        notAvailable: { on: { CLOSE: 'editing' } },
      },
    },
    manual_order: {
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
        SUBMIT: { guard: 'resellerOrderReady', target: 'summary' },
      },
    },
    summary: {
      on: {
        BACK,
        OFFER: { guard: 'canCreateOffer', target: 'offer_create' },
        CART: { guard: 'canOrder', target: 'add_to_cart' },
      },
    },
    offer_create: {
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
        // A new or reseller purchase has no session yet: the offer needs one.
        savingSession: {
          always: [{ guard: 'hasOwnSession', target: 'patchingSession' }, { target: 'creatingSession' }],
        },
        ...savingSession('creatingOffer', 'editing'),
        creatingOffer: {
          ...creatingOffer,
          on: { CREATED: { target: '#assistant.offer_created', actions: 'storeOffer' } },
        },
      },
    },
    offer_created: {
      on: { RESET: { target: 'welcome', actions: ['reset', 'clearHistory'] } },
    },
    add_to_cart: {
      initial: 'savingSession',
      states: {
        // A reseller order's lines must reach the order generation: it gets a session here.
        savingSession: {
          always: [
            { guard: 'hasOwnSession', target: 'patchingSession' },
            { guard: and(['isReseller', not('hasSession')]), target: 'creatingSession' },
            { target: 'signingCart' },
          ],
        },
        ...savingSession('signingCart', 'failed'),
        signingCart,
        /** „Fehler beim Aktualisieren der Update-Session” with a retry button. */
        failed: { on: { RETRY: 'savingSession' } },
        /** The dialog „Nicht mehr verfügbar”: nothing is handed over; the assistant starts anew. */
        notAvailable: {
          on: { RESET: { target: '#assistant.welcome', actions: ['reset', 'clearHistory'] } },
        },
        handedOver: handingOffCart,
      },
    },
  }),
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
