import type {
  BeforeExtension,
  BillingDraft,
  HolderData,
  ResellerLicense,
  SessionProperties,
  Shipping,
  UpgradeSession,
  UpgradeSessionDetail,
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
