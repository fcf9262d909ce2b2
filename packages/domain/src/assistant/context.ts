import { effectiveDvdCount } from '../license/capabilities.ts';
import type { HolderData } from '../license/holder-data.ts';
import { initialHolderType } from '../license/holder-types.ts';
import type { ReleasedVersion } from '../license/enums.ts';
import type { License } from '../license/schema.ts';
import type { Cart } from '../pricing/cart.ts';
import type { ShopProduct, ShopProductIds } from '../pricing/products.ts';
import { purchaseCart, shopProducts, type Purchase } from '../pricing/purchase.ts';
import { HOME_COUNTRY } from '../countries/countries.ts';
import type { BillingDraft, Shipping } from '../upgrade-session/address.ts';
import type { PurchasableClass, PurchaseType } from '../upgrade-session/enums.ts';
import type { ResellerLicense, UpgradeSession, UpgradeSessionPatch } from '../upgrade-session/schema.ts';
import type { CreateUpgradeSessionRequest } from '../upgrade-session/schema.ts';
import { dvdsDeliverableTo } from '../countries/countries.ts';
import { recommendedClass, totalSeats } from './licenses.ts';

/** The steps of the assistant (customer spec §2), in the order of the spec's table. */
export const ASSISTANT_STEPS = [
  'welcome',
  'country_select',
  'country_select_other',
  'start',
  'update_eligibility',
  'update_not_eligible',
  'license_login',
  'license_bind',
  'license_pro_calculator',
  'license_select',
  'offer_load',
  'manual_order',
  'license_select_dvd',
  'summary',
  'offer_create',
  'offer_created',
  'add_to_cart',
] as const;
export type AssistantStep = (typeof ASSISTANT_STEPS)[number];

/** Every step has a Back button except these (spec §2). */
export const STEPS_WITHOUT_BACK = [
  'welcome',
  'offer_created',
  'add_to_cart',
] as const satisfies AssistantStep[];

/** A license signed in inside the assistant, with the token that proves it to the session calls. */
export interface AuthenticatedLicense {
  license: License;
  accessToken: string;
}

/** The injected calls whose failures the assistant keeps apart (spec §8). */
export const ASSISTANT_CALLS = [
  'createSession',
  'patchSession',
  'createOffer',
  'loadOffer',
  'signCart',
] as const;
export type AssistantCall = (typeof ASSISTANT_CALLS)[number];

/**
 * A failed call: the HTTP status (`null` without an answer), the server's message and the id the
 * server's log knows the request by (shown with a server error, for support).
 */
export interface CallError {
  status: number | null;
  message: string;
  requestId?: string | null;
}

export interface AssistantContext {
  purchaseType: PurchaseType | null;
  fromVersion: ReleasedVersion | null;
  /** Personal or pro (the spec's "licenseType"); `null` until chosen. */
  licenseClass: PurchasableClass | null;
  /** The license's seats after this purchase (an extension's new total). */
  seatCount: number;
  /** Additional DVDs bought. */
  dvdCount: number;
  billing: BillingDraft;
  shipToDifferentAddress: boolean;
  shipping: Shipping | null;
  authenticatedLicenses: AuthenticatedLicense[];
  /**
   * Keys of the licenses a loaded offer updates or extends: its session names them, as its PDF
   * does; nobody signed in with them here.
   */
  offerLicenseKeys: string[];
  /** Holder of the license an update or extension produces (the binding step). */
  holder: HolderData | null;
  resellerLicenses: ResellerLicense[];
  /** Number of the next reseller line (its uid and „Lizenz N”); never reused within an order. */
  nextResellerNumber: number;
  session: UpgradeSession | null;
  /** Authorizes patching `session`; `null` for a session loaded by offer code. */
  sessionToken: string | null;
  /** Set when the order continues an offer loaded by its code. */
  offerToken: string | null;
  /** The code of the offer just created (its confirmation shows it). */
  offerCode: string | null;
  /** The cart the portal priced and signed for the shop (decision 065), once it did. */
  cartToken: string | null;
  /** The warning of the last refused license sign-in (wrong version or class, limit). */
  loginWarning: string | null;
  /** „Weitere Lizenz hinzufügen” was asked for: the sign-in form shows beside the list. */
  loginRequested: boolean;
  errors: Record<AssistantCall, CallError | null>;
  /** Steps to return to with Back, the latest last. */
  history: AssistantStep[];
  shopProductIds: ShopProductIds;
}

export interface AssistantInput {
  /** The shop's product id of each SKU (configuration). */
  shopProductIds: ShopProductIds;
}

/** The reset state (spec §4): one seat, Germany, no DVDs, nothing else. */
export function initialContext(input: AssistantInput): AssistantContext {
  return {
    purchaseType: null,
    fromVersion: null,
    licenseClass: null,
    seatCount: 1,
    dvdCount: 0,
    billing: { countryCode: HOME_COUNTRY },
    shipToDifferentAddress: false,
    shipping: null,
    authenticatedLicenses: [],
    offerLicenseKeys: [],
    holder: null,
    resellerLicenses: [],
    nextResellerNumber: 1,
    session: null,
    sessionToken: null,
    offerToken: null,
    offerCode: null,
    cartToken: null,
    loginWarning: null,
    loginRequested: false,
    errors: {
      createSession: null,
      patchSession: null,
      createOffer: null,
      loadOffer: null,
      signCart: null,
    },
    history: [],
    shopProductIds: input.shopProductIds,
  };
}

/** Seats of the licenses the purchase starts from (of the loaded offer's session, if any). */
export function originalSeats(context: AssistantContext): number {
  if (context.offerToken && context.session) return context.session.originalSeats;
  return totalSeats(context.authenticatedLicenses.map(({ license }) => license));
}

/** The purchase in pricing terms; `null` while it is not yet determined. */
export function assistantPurchase(context: AssistantContext): Purchase | null {
  const { purchaseType, licenseClass, seatCount, dvdCount } = context;
  if (purchaseType === 'reseller') return { purchaseType, resellerLicenses: context.resellerLicenses };
  if (purchaseType === null || licenseClass === null) return null;
  if (purchaseType === 'new') return { purchaseType, licenseClass, seatCount, dvdCount };
  return { purchaseType, licenseClass, seatCount, dvdCount, originalSeats: originalSeats(context) };
}

/** The cart of the summary (prices for the billing country); `null` while nothing is chosen. */
export function assistantCart(context: AssistantContext): Cart | null {
  const purchase = assistantPurchase(context);
  return purchase && purchaseCart(purchase, context.billing.countryCode);
}

export function cartHasItems(context: AssistantContext): boolean {
  return assistantCart(context)?.groupedLineItems.some((group) => group.lineItems.length > 0) ?? false;
}

/** The class recommended on the class step: only for an update (spec §4). */
export function classRecommendation(context: AssistantContext): PurchasableClass | null {
  if (context.purchaseType !== 'upgrade') return null;
  return recommendedClass(context.authenticatedLicenses.map(({ license }) => license));
}

/**
 * How many DVDs may be added: none outside Germany; at most one for a personal license; else up
 * to the seats — for an extension less the DVDs the license already has, so that the grown
 * license never has more DVDs than seats.
 */
export function maxDvdCount(context: AssistantContext): number {
  if (!dvdsDeliverableTo(context.billing.countryCode)) return 0;
  if (context.licenseClass === 'personal') return 1;
  if (context.purchaseType !== 'extension') return context.seatCount;
  const existing = context.authenticatedLicenses.reduce(
    (sum, { license }) => sum + effectiveDvdCount(license),
    0,
  );
  return Math.max(0, context.seatCount - existing);
}

/** Old seats when an update keeps fewer of them (the „Lizenzverkleinerung” warning), else `null`. */
export function seatReduction(context: AssistantContext): number | null {
  if (context.purchaseType !== 'upgrade') return null;
  const previous = originalSeats(context);
  return context.seatCount < previous ? previous : null;
}

/** The seat count the calculator must reach: an extension adds at least one seat. */
export function minimumSeats(context: AssistantContext): number {
  return context.purchaseType === 'extension' ? originalSeats(context) + 1 : 1;
}

/** The sign-in form shows while no license is added, and again when another one is requested. */
export function showsLoginForm(context: AssistantContext): boolean {
  return context.authenticatedLicenses.length === 0 || context.loginRequested;
}

/** The binding step's starting values: what was entered, else the holder of a signed-in license. */
export function initialHolder(context: AssistantContext): Partial<HolderData> {
  if (context.holder) return context.holder;
  const bound = context.authenticatedLicenses.find(({ license }) => license.status === 'bound')?.license
    .holder;
  return {
    holderType: initialHolderType(context.licenseClass, bound ?? null) ?? undefined,
    name: bound?.name ?? undefined,
    email: bound?.email ?? undefined,
    contact: bound?.contact ?? null,
  };
}

function sessionProperties(context: AssistantContext) {
  return context.licenseClass === null
    ? null
    : { class: context.licenseClass, size: context.seatCount, dvdCount: context.dvdCount };
}

/** The create call's body, from what the assistant knows now. */
export function createSessionRequest(context: AssistantContext): CreateUpgradeSessionRequest {
  const purchaseType = context.purchaseType ?? 'new';
  return {
    purchaseType,
    originalLicenses: context.authenticatedLicenses.map(({ license }) => license._id),
    accessTokens: context.authenticatedLicenses.map(({ accessToken }) => accessToken),
    fromVersion: context.fromVersion,
    toVersion: '9',
    properties: purchaseType === 'reseller' ? null : sessionProperties(context),
    billing: context.billing,
    shipToDifferentAddress: context.shipToDifferentAddress,
    shipping: context.shipToDifferentAddress ? context.shipping : null,
    resellerLicenses: context.resellerLicenses,
  };
}

/** Everything the session should reflect before an offer or the cart: one patch. */
export function sessionSyncPatch(context: AssistantContext): UpgradeSessionPatch {
  const properties = sessionProperties(context);
  return {
    ...(properties && context.purchaseType !== 'reseller' ? { properties } : {}),
    ...(context.holder ? { holder: context.holder } : {}),
    billing: context.billing,
    shipToDifferentAddress: context.shipToDifferentAddress,
    shipping: context.shipToDifferentAddress ? context.shipping : null,
  };
}

/** The `add_to_cart` message for the shop (customer spec §7, DESIGN.md §6; `cartToken`: decision 065). */
export interface AddToCartMessage {
  products: ShopProduct[];
  /** The priced lines, session and country, signed by the portal: what the shop's cart is made of. */
  cartToken: string | null;
  sessionId: string | null;
  sessionToken: string | null;
  offerToken: string | null;
  billing: BillingDraft;
  purchaseType: PurchaseType;
}

export function addToCartMessage(context: AssistantContext): AddToCartMessage {
  const purchase = assistantPurchase(context);
  return {
    products: purchase ? shopProducts(purchase, context.shopProductIds) : [],
    cartToken: context.cartToken,
    sessionId: context.session?._id ?? null,
    sessionToken: context.sessionToken,
    offerToken: context.offerToken,
    billing: context.billing,
    purchaseType: context.purchaseType ?? 'new',
  };
}
