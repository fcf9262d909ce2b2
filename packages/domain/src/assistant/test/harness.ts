import { vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { exampleLicense } from '../../license/example.ts';
import type { License } from '../../license/schema.ts';
import type { ShopProductIds } from '../../pricing/products.ts';
import type { CartTokenResponse } from '../../shop-order/cart-token.ts';
import type {
  CreateUpgradeSessionRequest,
  CreateUpgradeSessionResponse,
  UpgradeSession,
} from '../../upgrade-session/schema.ts';
import type { AddToCartMessage, AssistantStep } from '../context.ts';
import { assistantFormGuards } from '../form-guards.ts';
import type {
  AssistantEvent,
  SignCartInput,
  CreateOfferInput,
  CreatedOffer,
  LoadedOffer,
  LoadOfferInput,
  PatchSessionInput,
} from '../contract.ts';
import { assistantMachine, assistantStep } from '../machine.ts';

export const SHOP_PRODUCT_IDS: ShopProductIds = {
  'M9-PRO': 801,
  'M9-PER': 802,
  'M9-PROU': 803,
  'M9-PERU': 804,
  'M9-DVD': 805,
};

export const SESSION_ID = '11111111-1111-4111-8111-111111111111';

/** An API failure as the web app's client raises it: a status (`null` without answer) and a message. */
export class FakeApiError extends Error {
  readonly status: number | null;

  constructor(status: number | null, message: string) {
    super(message);
    this.status = status;
  }
}

let licenseNumber = 0;

/** A signed-in license: v8 single seat bound to a person unless `overrides` say otherwise. */
export function testLicense(
  overrides: Partial<Omit<License, 'properties'>> & { properties?: Partial<License['properties']> } = {},
): License {
  licenseNumber += 1;
  const base = exampleLicense({
    _id: `00000000-0000-4000-8000-${String(licenseNumber).padStart(12, '0')}`,
    version: '8',
    status: 'bound',
    holder: { holderType: 'person', name: 'Erika Mustermann', email: 'erika@example.com', contact: null },
  });
  return {
    ...base,
    ...overrides,
    properties: { ...base.properties, class: 'single', size: 1, dvdCount: null, ...overrides.properties },
  };
}

export function sessionFor(
  request: CreateUpgradeSessionRequest,
  overrides: Partial<UpgradeSession> = {},
): UpgradeSession {
  const { accessTokens: _tokens, ...content } = request;
  return {
    _id: SESSION_ID,
    status: 'created',
    ...content,
    holder: null,
    originalSeats: 0,
    orderId: null,
    offerNumber: null,
    offerValidUntil: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const HOLDER = {
  holderType: 'organization' as const,
  name: 'Förderschule am See',
  email: 'verwaltung@foerderschule.example',
  contact: 'Erika Mustermann',
};

export const BILLING = {
  name: 'Förderschule am See',
  additional1: '',
  additional2: '',
  street: 'Seestraße',
  houseNumber: '12',
  postcode: '78462',
  city: 'Konstanz',
  countryCode: 'DE' as const,
  email: 'verwaltung@foerderschule.example',
  reference: 'Bestellung 17',
  note: '',
};

export const OFFER_FORM = {
  billing: BILLING,
  emailConfirmation: BILLING.email,
  shipToDifferentAddress: false,
  shipping: null,
};

interface Calls {
  createSession?: (input: CreateUpgradeSessionRequest) => CreateUpgradeSessionResponse;
  patchSession?: (input: PatchSessionInput) => { session: UpgradeSession };
  loadOffer?: (input: LoadOfferInput) => LoadedOffer;
  createOffer?: (input: CreateOfferInput) => CreatedOffer;
  /** Throws (a `FakeApiError`) when the session may no longer be ordered; else the cart is signed. */
  signCart?: (input: SignCartInput) => void;
}

/**
 * The machine with recording fakes of every injected call and action: calls answer like the
 * server unless `answers` replace them (throw a `FakeApiError` to fail one).
 */
export function startAssistant(answers: Calls = {}) {
  const calls = {
    createSession: [] as CreateUpgradeSessionRequest[],
    patchSession: [] as PatchSessionInput[],
    loadOffer: [] as LoadOfferInput[],
    createOffer: [] as CreateOfferInput[],
    signCart: [] as SignCartInput[],
  };
  let current: UpgradeSession | null = null;
  const handOff = vi.fn<(message: AddToCartMessage) => void>();
  const scrollToTop = vi.fn();
  const postTestMessage = vi.fn();
  const toasts: string[] = [];

  const machine = assistantMachine.provide({
    actors: {
      createSession: fromPromise<CreateUpgradeSessionResponse, CreateUpgradeSessionRequest>(
        async ({ input }) => {
          calls.createSession.push(input);
          const answer = answers.createSession?.(input) ?? {
            session: sessionFor(input),
            token: 'session-token',
          };
          current = answer.session;
          return answer;
        },
      ),
      patchSession: fromPromise<{ session: UpgradeSession }, PatchSessionInput>(async ({ input }) => {
        calls.patchSession.push(input);
        const answer = answers.patchSession?.(input) ?? {
          session: { ...current!, ...input.patch } as UpgradeSession,
        };
        current = answer.session;
        return answer;
      }),
      loadOffer: fromPromise<LoadedOffer, LoadOfferInput>(async ({ input }) => {
        calls.loadOffer.push(input);
        if (!answers.loadOffer) throw new FakeApiError(403, 'Angebot unbekannt');
        return answers.loadOffer(input);
      }),
      createOffer: fromPromise<CreatedOffer, CreateOfferInput>(async ({ input }) => {
        calls.createOffer.push(input);
        return (
          answers.createOffer?.(input) ?? {
            session: {
              ...current!,
              status: 'offered',
              offerNumber: 'A-2026-0001',
              billing: input.offer.billing,
            },
            offerCode: 'abcDEF234',
          }
        );
      }),
      signCart: fromPromise<CartTokenResponse, SignCartInput>(async ({ input }) => {
        calls.signCart.push(input);
        answers.signCart?.(input);
        return { cartToken: `signed-cart-${calls.signCart.length}`, expiresAt: '2030-01-01T00:00:00.000Z' };
      }),
    },
    actions: {
      scrollToTop,
      handOffCart: (_, message) => handOff(message),
      postTestMessage,
    },
    guards: assistantFormGuards,
  });
  const actor = createActor(machine, { input: { shopProductIds: SHOP_PRODUCT_IDS } });
  actor.on('toast', (event) => toasts.push(event.message));
  const visited: AssistantStep[] = [];
  actor.subscribe((snapshot) => {
    const step = assistantStep(snapshot);
    if (visited.at(-1) !== step) visited.push(step);
  });
  actor.start();

  return {
    actor,
    calls,
    handOff,
    scrollToTop,
    postTestMessage,
    toasts,
    /** The steps entered so far, in order. */
    visited,
    send(...events: AssistantEvent[]) {
      for (const event of events) actor.send(event);
    },
    can: (event: AssistantEvent) => actor.getSnapshot().can(event),
    step: () => assistantStep(actor.getSnapshot()),
    context: () => actor.getSnapshot().context,
    snapshot: () => actor.getSnapshot(),
    /** Waits until no injected call runs any more. */
    settled: () => waitFor(actor, (snapshot) => !snapshot.hasTag('busy'), { timeout: 1000 }),
  };
}
