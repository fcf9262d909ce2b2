import {
  allowedHolderTypes,
  effectiveDvdCount,
  licenseRejection,
  purchaseCart,
  shopProducts,
  upgradeSessionContentSchema,
  upgradeSessionMessages as messages,
  type Cart,
  type CreateUpgradeSessionRequest,
  type CreateUpgradeSessionResponse,
  type Purchase,
  type ShopProduct,
  type ShopProductIds,
  type UpgradeSession,
  type UpgradeSessionDetail,
  type UpgradeSessionPatch,
} from '@lizenzportal/domain';
import type { Kysely } from 'kysely';
import type { DB, LicenseRow, UpgradeSessionRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import type { TokenService } from '../auth/tokens.ts';
import { toLicense } from '../licenses/mapper.ts';
import type { LicenseRepository } from '../licenses/repository.ts';
import { toUpgradeSession, toUpgradeSessionDetail } from './mapper.ts';
import { json, type UpgradeSessionRepository } from './repository.ts';
import type { UpgradeSessionTokens } from './tokens.ts';

/** What a session's content is, as the rules see it (the create call's fields without tokens). */
type SessionContent = Omit<CreateUpgradeSessionRequest, 'accessTokens'> & {
  holder: UpgradeSessionPatch['holder'] | null;
};

/** The priced cart of a session and the products it hands to the shop. */
export interface SessionCart {
  cart: Cart;
  products: ShopProduct[];
}

export interface UpgradeSessionServiceDependencies {
  db: Kysely<DB>;
  repository: UpgradeSessionRepository;
  licenses: LicenseRepository;
  /** Verifies the access tokens (sign-in tokens) that prove the original licenses. */
  signInTokens: Pick<TokenService, 'verify'>;
  tokens: UpgradeSessionTokens;
  shopProductIds: ShopProductIds;
}

/**
 * Upgrade sessions of the license assistant (customer spec §3, §4, §7; DESIGN.md §5): created for
 * licenses the caller has signed in with, changed with the session token while nothing is offered
 * or ordered, priced by the domain's pricing on the server — never by the client's numbers.
 */
export class UpgradeSessionService {
  readonly repository: UpgradeSessionRepository;
  readonly tokens: UpgradeSessionTokens;
  readonly #db: Kysely<DB>;
  readonly #licenses: LicenseRepository;
  readonly #signInTokens: Pick<TokenService, 'verify'>;
  readonly #shopProductIds: ShopProductIds;

  constructor(dependencies: UpgradeSessionServiceDependencies) {
    this.repository = dependencies.repository;
    this.tokens = dependencies.tokens;
    this.#db = dependencies.db;
    this.#licenses = dependencies.licenses;
    this.#signInTokens = dependencies.signInTokens;
    this.#shopProductIds = dependencies.shopProductIds;
  }

  /**
   * Creates a session. An update or extension names its licenses with the access token of each
   * (the sign-in token the assistant received for it): a license the caller has not signed in
   * with cannot be named.
   */
  async create(request: CreateUpgradeSessionRequest): Promise<CreateUpgradeSessionResponse> {
    const originalLicenses = request.originalLicenses.map((id) => id.toLowerCase());
    if (new Set(originalLicenses).size !== originalLicenses.length) {
      throw new AppError('VALIDATION_FAILED', messages.duplicateLicense);
    }
    const licenses = await Promise.all(
      originalLicenses.map((id, index) => this.#provenLicense(id, request.accessTokens[index]!)),
    );
    const content: SessionContent = { ...request, originalLicenses, holder: null };
    checkAgainstLicenses(content, licenses);
    const row = await this.repository.insert({
      purchase_type: request.purchaseType,
      from_version: request.fromVersion,
      properties: json(request.properties),
      billing: json(request.billing),
      ship_to_different_address: request.shipToDifferentAddress,
      shipping: json(request.shipToDifferentAddress ? request.shipping : null),
      holder: json(null),
      original_licenses: originalLicenses,
      original_seats: licenses.reduce((sum, license) => sum + license.size, 0),
      reseller_licenses: json(request.resellerLicenses),
    });
    return { session: toUpgradeSession(row), token: this.tokens.sessionToken(row.id) };
  }

  /**
   * Changes a session (its token already checked) while it is only created: once offered or
   * ordered it is frozen. Changes to one session run one at a time, and the result must follow
   * every rule a new session follows.
   */
  patch(sessionId: string, patch: UpgradeSessionPatch): Promise<UpgradeSession> {
    return inTransaction(this.#db, async (transaction) => {
      const row = await this.repository.findForUpdate(sessionId, transaction);
      if (!row) throw notFound('upgradeSession');
      if (row.status !== 'created') throw new AppError('CONFLICT', messages.sessionFrozen);
      const current = toUpgradeSession(row);
      const shipToDifferentAddress = patch.shipToDifferentAddress ?? current.shipToDifferentAddress;
      const merged: SessionContent = {
        purchaseType: current.purchaseType,
        fromVersion: current.fromVersion,
        toVersion: current.toVersion,
        originalLicenses: current.originalLicenses,
        resellerLicenses: current.resellerLicenses,
        properties: patch.properties ?? current.properties,
        billing: patch.billing ?? current.billing,
        shipToDifferentAddress,
        shipping: shipToDifferentAddress
          ? patch.shipping === undefined
            ? current.shipping
            : patch.shipping
          : null,
        holder: patch.holder === undefined ? current.holder : patch.holder,
      };
      checkContent(merged);
      const licenses = await Promise.all(
        merged.originalLicenses.map((id) => this.#licenses.findById(id, transaction)),
      );
      checkAgainstLicenses(
        merged,
        licenses.filter((license): license is LicenseRow => license !== undefined),
      );
      const updated = await this.repository.update(
        sessionId,
        {
          properties: json(merged.properties),
          billing: json(merged.billing),
          ship_to_different_address: merged.shipToDifferentAddress,
          shipping: json(merged.shipping),
          holder: json(merged.holder),
        },
        transaction,
      );
      return toUpgradeSession(updated);
    });
  }

  /** A session as its customer sees it. */
  async get(sessionId: string): Promise<UpgradeSession> {
    return toUpgradeSession(await this.#find(sessionId));
  }

  /** A session as the back office sees it. */
  async detail(sessionId: string): Promise<UpgradeSessionDetail> {
    return toUpgradeSessionDetail(await this.#find(sessionId), this.tokens);
  }

  /**
   * The session's cart, priced on the server for its billing country, and the shop products it
   * stands for; null while the purchase is not determined (an update before its class is chosen).
   */
  async cart(sessionId: string): Promise<SessionCart | null> {
    return sessionCart(await this.#find(sessionId), this.#shopProductIds);
  }

  async list(request: ListRequest): Promise<{ items: UpgradeSessionDetail[]; total: number }> {
    const { rows, total } = await this.repository.list(request);
    return { items: rows.map((row) => toUpgradeSessionDetail(row, this.tokens)), total };
  }

  /** The sessions a license took part in (as an original license or as the license produced). */
  async forLicense(licenseId: string): Promise<UpgradeSessionDetail[]> {
    if (!(await this.#licenses.exists(licenseId))) throw notFound('license');
    return (await this.repository.forLicense(licenseId)).map((row) =>
      toUpgradeSessionDetail(row, this.tokens),
    );
  }

  async #find(sessionId: string): Promise<UpgradeSessionRow> {
    const row = await this.repository.findById(sessionId);
    if (!row) throw notFound('upgradeSession');
    return row;
  }

  /** The license an access token proves: a sign-in token of exactly this license, still active. */
  async #provenLicense(licenseId: string, accessToken: string): Promise<LicenseRow> {
    const claims = await this.#signInTokens.verify(accessToken);
    if (claims?.userType !== 'license' || claims.sub !== licenseId) {
      throw new AppError('FORBIDDEN', messages.licenseTokenInvalid);
    }
    const license = await this.#licenses.findById(licenseId);
    if (!license) throw new AppError('FORBIDDEN', messages.licenseTokenInvalid);
    if (license.status === 'disabled') throw new AppError('FORBIDDEN', messages.licenseDisabled);
    return license;
  }
}

/** The purchase a session stands for, in pricing terms; null while it is not determined. */
export function sessionPurchase(session: UpgradeSession): Purchase | null {
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

/** The domain's rules of a session's shape (versions, licenses, DVDs only to Germany, …). */
function checkContent(content: SessionContent): void {
  const result = upgradeSessionContentSchema.safeParse(content);
  if (!result.success) throw new AppError('VALIDATION_FAILED', result.error.issues[0]!.message);
}

/**
 * The rules that depend on the original licenses: their versions and classes, an extension
 * growing the license (with no more DVDs than seats afterwards), and the holder type the class
 * allows.
 */
function checkAgainstLicenses(content: SessionContent, licenses: LicenseRow[]): void {
  const { purchaseType, properties, holder } = content;
  if (purchaseType === 'upgrade' || purchaseType === 'extension') {
    for (const license of licenses) {
      const rejection = licenseRejection(purchaseType, toLicense(license));
      if (rejection) throw new AppError('VALIDATION_FAILED', rejection);
    }
  }
  if (purchaseType === 'extension' && properties) {
    const seats = licenses.reduce((sum, license) => sum + license.size, 0);
    if (properties.size <= seats) throw new AppError('VALIDATION_FAILED', messages.extensionTooSmall(seats));
    const dvds = licenses.reduce((sum, license) => sum + effectiveDvdCount(toLicense(license)), 0);
    const maximum = Math.max(0, properties.size - dvds);
    if (properties.dvdCount > maximum) {
      throw new AppError('VALIDATION_FAILED', messages.extensionTooManyDvds(maximum));
    }
  }
  if (holder && !allowedHolderTypes(properties?.class ?? null).includes(holder.holderType)) {
    throw new AppError('VALIDATION_FAILED', messages.holderTypeNotAllowed);
  }
}
