import { fromPromise, setup } from 'xstate';
import type { HolderData } from '../license/holder-data.ts';
import type { License } from '../license/schema.ts';
import type { CartTokenResponse, ProductCartRequest } from '../shop-order/cart-token.ts';
import type {
  CreateUpgradeSessionRequest,
  CreateUpgradeSessionResponse,
  OfferedSession,
  OfferForm,
  UpgradeSession,
  UpgradeSessionPatch,
} from '../upgrade-session/schema.ts';
import type { AddToCartMessage, AssistantContext, AssistantInput, CallError } from './context.ts';
import type { ResellerLineChanges } from './reseller.ts';

/**
 * What the screens may send (decision 008). The spec's list (§4) is here with the same names; the
 * others carry what a step's editor changes (seats, DVDs, licenses, reseller lines) or answer a
 * dialog. The binding step's `COMPLETED` and `CREATE_OFFER` carry what the domain's schema makes of
 * their form (`toHolderData`, `toOfferForm`); the injected form guards check it by that schema.
 * Before offering an action a screen asks `snapshot.can(event)` with the values it would send.
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
  | { type: 'CLOSE' }
  | { type: 'RESELLER_ADD'; changes?: ResellerLineChanges }
  | { type: 'RESELLER_CHANGE'; uid: string; changes: ResellerLineChanges }
  | { type: 'RESELLER_REMOVE'; uid: string }
  | { type: 'SET_COUNTRY'; countryCode: string }
  | { type: 'SUBMIT' }
  | { type: 'CART' }
  | { type: 'CREATE_OFFER'; offer: OfferForm }
  | { type: 'RESET' }
  | { type: 'BACK' }
  | { type: 'RETRY' };

/**
 * Raised by the machine itself when an injected call succeeded, so that its rules read the answer
 * like any event's payload; the screens never send them.
 */
export type AssistantRaisedEvent =
  | { type: 'LOADED'; session: OfferedSession; offerToken: string }
  | { type: 'CREATED'; session: UpgradeSession; offerCode?: string };

/** Every event the machine takes. */
export type AssistantMachineEvent = AssistantEvent | AssistantRaisedEvent;

/**
 * What the machine emits for the screens to show (subscribe with `actor.on('toast', …)`): a toast,
 * or, with `field`, a notice the step shows beside that field until the buyer dismisses it (the
 * seats step's DVDs cut down: a toast would close by itself, unseen below the frame's fold).
 */
export type AssistantEmitted = { type: 'toast'; message: string; field?: 'dvdCount' };

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
/**
 * The cart the portal is to price and sign for the shop (decision 065): the session it stands for
 * and the token the assistant holds for it (session or offer token); a new purchase without
 * session is its products in the buyer's country.
 */
export type SignCartInput = { sessionId: string; token: string } | { products: ProductCartRequest };
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

/**
 * A rejected call as the assistant keeps it: the status of an API error (`null` without answer)
 * and, when the server named it, the request's id.
 */
export function toCallError(error: unknown): CallError {
  const field = (name: 'status' | 'requestId') =>
    typeof error === 'object' && error !== null && name in error
      ? (error as Record<string, unknown>)[name]
      : undefined;
  const status = field('status');
  const requestId = field('requestId');
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: typeof status === 'number' ? status : null,
    message,
    ...(typeof requestId === 'string' ? { requestId } : {}),
  };
}

/**
 * The assistant's contract with the app that runs it: its context, input and events, and every
 * side effect the app injects with `assistantMachine.provide({ actors, actions, guards })` — the
 * five upgrade-session calls, the messages to the shop page and the two form checks. The machine
 * (`machine.ts`) adds its own rules to this and draws its chart with them; it performs no I/O.
 */
export const assistantContract = setup({
  types: {
    context: {} as AssistantContext,
    events: {} as AssistantMachineEvent,
    input: {} as AssistantInput,
    emitted: {} as AssistantEmitted,
  },
  actors: {
    /** `POST /upgrade-session`. */
    createSession: fromPromise<CreateUpgradeSessionResponse, CreateUpgradeSessionRequest>(async () =>
      notProvided('createSession'),
    ),
    /** `PATCH /upgrade-session/{id}` with the session's token. */
    patchSession: fromPromise<{ session: UpgradeSession }, PatchSessionInput>(async () =>
      notProvided('patchSession'),
    ),
    /** `POST /upgrade-session/offer-code`, then `GET /upgrade-session/offered` with the offer token. */
    loadOffer: fromPromise<LoadedOffer, LoadOfferInput>(async () => notProvided('loadOffer')),
    /** `POST /upgrade-session/{id}/offer` with the session's token. */
    createOffer: fromPromise<CreatedOffer, CreateOfferInput>(async () => notProvided('createOffer')),
    /**
     * The cart token for the shop: `POST /upgrade-session/{id}/cart` with the session's or the
     * offer's token (rejects with 409 once an order bought the session, 410 once its offer
     * expired), `POST /shop/cart` with the products of a new purchase without session.
     */
    signCart: fromPromise<CartTokenResponse, SignCartInput>(async () => notProvided('signCart')),
  },
  actions: {
    /** Scroll the assistant and the shop page to the top (on every step). */
    scrollToTop: () => notProvided('scrollToTop'),
    /** Post `add_to_cart` with this message to the shop page. */
    handOffCart: (_, _message: AddToCartMessage) => notProvided('handOffCart'),
    /** Post the shop's test message (customer spec §7: sent on a pro license click). */
    postTestMessage: () => notProvided('postTestMessage'),
  },
  guards: {
    /**
     * The forms' checks by the domain's schemas (`assistantFormGuards`): injected, so that the
     * machine, which the assistant's first screen needs, comes without them (and without zod).
     */
    holderValid: () => notProvided('holderValid'),
    offerFormValid: () => notProvided('offerFormValid'),
  },
});
