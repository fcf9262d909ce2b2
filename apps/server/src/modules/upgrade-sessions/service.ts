import {
  allowedHolderTypes,
  cartClaims,
  type CartClaims,
  generateOfferCode,
  isOrderableStatus,
  normalizeOfferCode,
  OFFER_VALIDITY_DAYS,
  type OfferRequest,
  effectiveDvdCount,
  licenseRejection,
  purchaseCart,
  upgradeSessionContentSchema,
  upgradeSessionMessages as messages,
  type CreateUpgradeSessionRequest,
  type CreateUpgradeSessionResponse,
  type OfferedSession,
  type ShopProductIds,
  type UpgradeSession,
  type UpgradeSessionDetail,
  type UpgradeSessionPatch,
} from '@lizenzportal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRow, UpgradeSessionRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { SignInThrottle, ThrottleState, TokenService } from '../auth/index.ts';
import { type LicenseService, toLicense } from '../licenses/index.ts';
import {
  pricedSession,
  sessionCart,
  sessionPurchase,
  toUpgradeSession,
  toUpgradeSessionDetail,
  type SessionCart,
} from './mapper.ts';
import { OFFER_CODE_SUBJECT } from './offer-code-policy.ts';
import type { MailBudgetRefusal, MailBudgets } from './mail-budgets.ts';
import { json, UpgradeSessionRepository } from './repository.ts';
import type { UpgradeSessionTokens } from './tokens.ts';

/** An offer over a mail budget (decision 034): the answer names when the next one can be made. */
const OFFER_MAIL_REFUSAL: MailBudgetRefusal = {
  code: 'OFFER_LIMIT_REACHED',
  message: messages.offerLimitReached,
};

/** What a session's content is, as the rules see it (the create call's fields without tokens). */
type SessionContent = Omit<CreateUpgradeSessionRequest, 'accessTokens'> & {
  holder: UpgradeSessionPatch['holder'] | null;
};

/** The mail of an offer (the deliveries module, which sits above this one). */
export interface OfferMails {
  mailOffer(sessionId: string, recipient: string, transaction: Kysely<DB>): Promise<unknown>;
}

export interface UpgradeSessionServiceDependencies {
  db: Kysely<DB>;
  licenses: LicenseService;
  /** Verifies the access tokens (sign-in tokens) that prove the original licenses. */
  signInTokens: Pick<TokenService, 'verify'>;
  tokens: UpgradeSessionTokens;
  shopProductIds: ShopProductIds;
  /** Mails the offer. */
  deliveries: OfferMails;
  /** Schedules the offer's expiry. */
  queue: Pick<JobQueue, 'send'>;
  /** Counts wrong offer codes per client. */
  offerCodeThrottle: SignInThrottle;
  /** Counts offer mails per client and recipient (the budgets contact changes draw on too). */
  mailBudgets: MailBudgets;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Upgrade sessions of the license assistant (customer spec §3, §4, §7; DESIGN.md §5): created for
 * licenses the caller has signed in with, changed with the session token while nothing is offered
 * or ordered, priced by the domain's pricing on the server — never by the client's numbers.
 */
export class UpgradeSessionService {
  readonly #repository: UpgradeSessionRepository;
  readonly tokens: UpgradeSessionTokens;
  readonly #db: Kysely<DB>;
  readonly #licenses: LicenseService;
  readonly #signInTokens: Pick<TokenService, 'verify'>;
  readonly #shopProductIds: ShopProductIds;
  readonly #deliveries: OfferMails;
  readonly #queue: Pick<JobQueue, 'send'>;
  readonly #offerCodeThrottle: SignInThrottle;
  readonly #mailBudgets: MailBudgets;

  constructor(dependencies: UpgradeSessionServiceDependencies) {
    this.#repository = new UpgradeSessionRepository(dependencies.db);
    this.tokens = dependencies.tokens;
    this.#db = dependencies.db;
    this.#licenses = dependencies.licenses;
    this.#signInTokens = dependencies.signInTokens;
    this.#shopProductIds = dependencies.shopProductIds;
    this.#deliveries = dependencies.deliveries;
    this.#queue = dependencies.queue;
    this.#offerCodeThrottle = dependencies.offerCodeThrottle;
    this.#mailBudgets = dependencies.mailBudgets;
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
    const row = await this.#repository.insert({
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
      const row = await this.#repository.findForUpdate(sessionId, transaction);
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
      const updated = await this.#repository.update(
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

  /**
   * Makes the session an offer (customer spec §4 "Offer"; DESIGN.md §5): with the offer form's
   * addresses it gets an offer number and code, is valid for 30 days and frozen; the offer PDF
   * is mailed to the billing address as a delivery, and its expiry is scheduled — all in one
   * transaction, so either everything happens or nothing. The mail counts against the budgets of
   * the client at `address` and of the recipient (`MAIL_BUDGETS`, shared with contact changes): beyond them, 429.
   */
  createOffer(
    sessionId: string,
    request: OfferRequest,
    address: string,
  ): Promise<{ session: UpgradeSession; offerCode: string }> {
    return inTransaction(this.#db, async (transaction) => {
      const row = await this.#repository.findForUpdate(sessionId, transaction);
      if (!row) throw notFound('upgradeSession');
      if (row.status === 'offered') throw new AppError('CONFLICT', messages.offerExists);
      if (row.status !== 'created') throw new AppError('CONFLICT', messages.sessionFrozen);
      const current = toUpgradeSession(row);
      const offered = {
        ...current,
        billing: request.billing,
        shipToDifferentAddress: request.shipToDifferentAddress,
        shipping: request.shipToDifferentAddress ? request.shipping : null,
      };
      checkContent(offered);
      const licenses = await Promise.all(
        offered.originalLicenses.map((id) => this.#licenses.findById(id, transaction)),
      );
      checkAgainstLicenses(
        offered,
        licenses.filter((license): license is LicenseRow => license !== undefined),
      );
      const purchase = sessionPurchase(offered);
      const cart = purchase && purchaseCart(purchase, offered.billing.countryCode);
      if (!cart || cart.groupedLineItems.every((group) => group.lineItems.length === 0)) {
        throw new AppError('VALIDATION_FAILED', messages.offerNeedsPurchase);
      }
      const takesHolder = offered.purchaseType === 'upgrade' || offered.purchaseType === 'extension';
      if (takesHolder && !offered.holder) throw new AppError('VALIDATION_FAILED', messages.offerNeedsHolder);
      await this.#mailBudgets.count(transaction, address, request.billing.email, OFFER_MAIL_REFUSAL);

      const offeredAt = new Date();
      let offerCode = generateOfferCode();
      while (await this.#repository.offerCodeTaken(offerCode, transaction)) offerCode = generateOfferCode();
      const updated = await this.#repository.update(
        sessionId,
        {
          status: 'offered',
          billing: json(offered.billing),
          ship_to_different_address: offered.shipToDifferentAddress,
          shipping: json(offered.shipping),
          offer_number: await this.#repository.nextOfferNumber(transaction),
          offer_code: offerCode,
          offered_at: offeredAt,
          offer_valid_until: new Date(offeredAt.getTime() + OFFER_VALIDITY_DAYS * DAY_MS),
        },
        transaction,
      );
      await this.#deliveries.mailOffer(sessionId, request.billing.email, transaction);
      await this.#queue.send(
        JOBS.expireOffer,
        { sessionId },
        { transaction, startAfter: updated.offer_valid_until! },
      );
      return { session: toUpgradeSession(updated), offerCode };
    });
  }

  /**
   * The offer token for an offer code (whitespace removed, case kept): 403 for an unknown code,
   * 410 for an expired offer. Wrong codes slow their client down (`OFFER_CODE_POLICY`), so
   * guessing one of the 56^9 codes is hopeless, while the rightful customer is never refused.
   */
  async offerToken(typedCode: string, address: string): Promise<string> {
    const code = normalizeOfferCode(typedCode);
    const row = await this.#offerCodeThrottle.attempt({
      scope: 'offer-code',
      subject: OFFER_CODE_SUBJECT,
      address,
      onePer: 'client',
      load: async (counter) => {
        const { join, columns } = counter(sql.val(OFFER_CODE_SUBJECT));
        const { rows } = await sql<ThrottleState>`select ${columns} from (select 1) as one ${join}`.execute(
          this.#db,
        );
        return rows[0]!;
      },
      check: async (_state, fail) =>
        (await this.#repository.findByOfferCode(code)) ?? fail(new AppError('OFFER_NOT_FOUND')),
    });
    assertNotExpired(await this.#current(row));
    return this.tokens.offerToken(row.id);
  }

  /**
   * The session of an offer token (checked by the route): 410 once the offer has expired. An
   * offer ordered meanwhile is answered with its status (the assistant says it is no longer
   * available), also after its 30 days. The licenses it updates or extends are named by their
   * keys, as on the offer PDF: the assistant that reloads it has signed in with none of them.
   */
  async offered(sessionId: string): Promise<OfferedSession> {
    const row = await this.#find(sessionId);
    assertNotExpired(row);
    const licenses = await Promise.all(row.original_licenses.map((id) => this.#licenses.findById(id)));
    return {
      ...toUpgradeSession(row),
      originalLicenseKeys: licenses.flatMap((license) => (license ? [license.key] : [])),
    };
  }

  /**
   * The cart the session may still hand to the shop, as the portal prices it (the claims of its
   * cart token, decision 065): 409 once a paid order bought it (its offer, loaded in a second tab,
   * may have been ordered in the first) or while nothing is priced yet, 410 once its offer
   * expired. An offer past its date is expired first.
   */
  async orderableCart(sessionId: string): Promise<CartClaims> {
    const row = await this.#find(sessionId);
    assertNotExpired(row);
    if (row.order_id !== null || !isOrderableStatus(row.status)) throw new AppError('SESSION_ORDERED');
    const priced = pricedSession(row);
    if (!priced || priced.lines.length === 0) {
      throw new AppError('CONFLICT', messages.cartNotPriced);
    }
    return cartClaims(priced, {
      purchaseType: row.purchase_type,
      sessionId: row.id,
      productIds: this.#shopProductIds,
    });
  }

  /** The job: the offer expires unless it was ordered meanwhile. */
  async expireOffer(sessionId: string): Promise<void> {
    await this.#repository.expireOffers(sessionId);
  }

  /** Expires every offer past its date (where jobs are worked, at start: none is missed). */
  expireDueOffers(): Promise<number> {
    return this.#repository.expireOffers();
  }

  /**
   * The session as it is now: an offer past its date is expired first, so reading one session
   * (by code, offer token, session token or as an admin) never shows it offered, whether or not
   * its expiry job has run yet.
   */
  async #current(row: UpgradeSessionRow): Promise<UpgradeSessionRow> {
    if (row.status !== 'offered' || row.offer_valid_until! > new Date()) return row;
    await this.#repository.expireOffers(row.id);
    // Read again: an order may have bought it in between (then it is not expired).
    return (await this.#repository.findById(row.id)) ?? row;
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

  /**
   * A page of sessions, as the back office lists them. Offers past their date are expired first,
   * as reading one session does: the status column, a status filter and the count agree with the
   * detail page, whether or not the expiry jobs have run yet.
   */
  async list(request: ListRequest): Promise<ListPage<UpgradeSessionDetail>> {
    await this.#repository.expireOffers();
    const page = await this.#repository.list(request);
    return { ...page, rows: page.rows.map((row) => toUpgradeSessionDetail(row, this.tokens)) };
  }

  /**
   * The sessions a license took part in (as an original license or as the license produced),
   * overdue offers expired first as in the list.
   */
  async forLicense(licenseId: string): Promise<UpgradeSessionDetail[]> {
    if (!(await this.#licenses.exists(licenseId))) throw notFound('license');
    await this.#repository.expireOffers();
    return (await this.#repository.forLicense(licenseId)).map((row) =>
      toUpgradeSessionDetail(row, this.tokens),
    );
  }

  async #find(sessionId: string): Promise<UpgradeSessionRow> {
    const row = await this.#repository.findById(sessionId);
    if (!row) throw notFound('upgradeSession');
    return this.#current(row);
  }

  /** The license an access token proves: a sign-in token of exactly this license, still active. */
  async #provenLicense(licenseId: string, accessToken: string): Promise<LicenseRow> {
    const claims = this.#signInTokens.verify(accessToken);
    if (claims?.userType !== 'license' || claims.sub !== licenseId) {
      throw new AppError('FORBIDDEN', messages.licenseTokenInvalid);
    }
    const license = await this.#licenses.findById(licenseId);
    if (!license) throw new AppError('FORBIDDEN', messages.licenseTokenInvalid);
    if (license.status === 'disabled') throw new AppError('FORBIDDEN', messages.licenseDisabled);
    return license;
  }
}

/** An expired offer is gone for its customer: 410. */
function assertNotExpired(row: UpgradeSessionRow): void {
  if (row.status === 'expired') throw new AppError('OFFER_EXPIRED');
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
