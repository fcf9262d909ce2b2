import {
  pricePurchase,
  purchaseCart,
  shopProducts,
  type BeforeExtension,
  type BillingDraft,
  type Cart,
  type HolderData,
  type PricedOrder,
  type Purchase,
  type ResellerLicense,
  type SessionProperties,
  type Shipping,
  type ShopProduct,
  type ShopProductIds,
  type UpgradeSession,
  type UpgradeSessionDetail,
} from '@lizenzportal/domain';
import type { UpgradeSessionRow } from '../../db/schema.ts';
import type { UpgradeSessionTokens } from './tokens.ts';

/** An upgrade session as its customer sees it (customer spec §3). */
export function toUpgradeSession(row: UpgradeSessionRow): UpgradeSession {
  return {
    _id: row.id,
    status: row.status,
    purchaseType: row.purchase_type,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    properties: row.properties as SessionProperties | null,
    billing: row.billing as BillingDraft,
    shipToDifferentAddress: row.ship_to_different_address,
    shipping: row.shipping as Shipping | null,
    resellerLicenses: row.reseller_licenses as ResellerLicense[],
    holder: row.holder as HolderData | null,
    originalLicenses: row.original_licenses,
    originalSeats: row.original_seats,
    orderId: row.order_id,
    offerNumber: row.offer_number,
    offerValidUntil: row.offer_valid_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The same with what only the back office sees: the offer's code, token and document, and more. */
export function toUpgradeSessionDetail(
  row: UpgradeSessionRow,
  tokens: UpgradeSessionTokens,
): UpgradeSessionDetail {
  return {
    ...toUpgradeSession(row),
    offerCode: row.offer_code,
    offerToken: row.offer_code ? tokens.offerToken(row.id) : null,
    offerDocument: row.offer_document,
    beforeExtension: (row.before_extension as BeforeExtension | null) ?? null,
    productLicense: row.product_license,
  };
}

/** The priced cart of a session and the products it hands to the shop. */
export interface SessionCart {
  cart: Cart;
  products: ShopProduct[];
}

/** The purchase a session stands for, in pricing terms; null while it is not determined. */
export function sessionPurchase(
  session: Pick<UpgradeSession, 'purchaseType' | 'resellerLicenses' | 'properties' | 'originalSeats'>,
): Purchase | null {
  if (session.purchaseType === 'reseller') {
    return { purchaseType: 'reseller', resellerLicenses: session.resellerLicenses };
  }
  const { properties } = session;
  if (!properties) return null;
  const license = {
    licenseClass: properties.class,
    seatCount: properties.size,
    dvdCount: properties.dvdCount,
  };
  if (session.purchaseType === 'new') return { purchaseType: 'new', ...license };
  return { purchaseType: session.purchaseType, ...license, originalSeats: session.originalSeats };
}

/** The priced cart and shop products of a stored session (see `UpgradeSessionService.cart`). */
export function sessionCart(row: UpgradeSessionRow, shopProductIds: ShopProductIds): SessionCart | null {
  const session = toUpgradeSession(row);
  const purchase = sessionPurchase(session);
  if (!purchase) return null;
  return {
    cart: purchaseCart(purchase, session.billing.countryCode),
    products: shopProducts(purchase, shopProductIds),
  };
}

/**
 * What the session priced, exactly as the assistant priced it (the domain's `pricePurchase`, in
 * its billing country): the lines an order of it must pay for, and the „Preis laut Portal” of
 * that order. Null while the purchase is not determined (an update before its class is chosen).
 */
export function pricedSession(row: UpgradeSessionRow): PricedOrder | null {
  const session = toUpgradeSession(row);
  const purchase = sessionPurchase(session);
  return purchase && pricePurchase(purchase, session.billing.countryCode);
}
