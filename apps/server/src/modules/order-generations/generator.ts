import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  isFullyWithdrawn,
  orderGenerationErrors,
  orderGenerationNotes,
  type BeforeExtension,
  type HolderData,
  type ResellerLicense,
  type SessionProperties,
  type ShopOrder,
  type ShopProductIds,
} from '@lizenzportal/domain';
import type { DB, LicenseRow, UpgradeSessionRow } from '../../db/schema.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CartTokens } from '../../lib/cart-tokens.ts';
import type { DeliveryService } from '../deliveries/index.ts';
import type { LicenseService } from '../licenses/index.ts';
import { pricedSession, type SessionOrders, type UpgradeSessionTokens } from '../upgrade-sessions/index.ts';
import {
  OrderProblem,
  planGeneration,
  type GenerationPlan,
  type LicensesToCreate,
  type SessionFacts,
} from './plan.ts';
import { orderGrossOf, refundStateOfRow } from './mapper.ts';
import type { OrderGenerationRepository } from './repository.ts';

/** What carrying out a plan produced: the licenses created or changed, the one the session names. */
interface Outcome {
  licenseIds: string[];
  productLicense: string;
}

/**
 * Turns a paid shop order into what was bought (DESIGN §5): licenses, their documents and the
 * mail, the upgrade session's status and the generation's progress — all in one transaction, so a
 * job that runs twice, dies half-way or is retried after a failure creates everything exactly once.
 */
export class OrderGenerator {
  readonly #db: Kysely<DB>;
  readonly #repository: OrderGenerationRepository;
  readonly #sessions: SessionOrders;
  readonly #tokens: UpgradeSessionTokens;
  readonly #licenses: Pick<LicenseService, 'create' | 'findById' | 'bindIfUnbound' | 'supersede' | 'extend'>;
  readonly #deliveries: Pick<DeliveryService, 'create'>;
  readonly #queue: JobQueue;
  readonly #productIds: ShopProductIds;
  readonly #cartTokens: Pick<CartTokens, 'verify'>;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<DB>;
    repository: OrderGenerationRepository;
    sessions: SessionOrders;
    tokens: UpgradeSessionTokens;
    licenses: Pick<LicenseService, 'create' | 'findById' | 'bindIfUnbound' | 'supersede' | 'extend'>;
    deliveries: Pick<DeliveryService, 'create'>;
    queue: JobQueue;
    productIds: ShopProductIds;
    cartTokens: Pick<CartTokens, 'verify'>;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#repository = deps.repository;
    this.#sessions = deps.sessions;
    this.#tokens = deps.tokens;
    this.#licenses = deps.licenses;
    this.#deliveries = deps.deliveries;
    this.#queue = deps.queue;
    this.#productIds = deps.productIds;
    this.#cartTokens = deps.cartTokens;
    this.#log = deps.log;
  }

  /**
   * The job. A generation no longer in progress (done by an earlier run) is left alone; an order
   * that does not fit fails the generation (and its session) at once with its reason. Any other
   * error rolls back everything and is thrown: the job is retried.
   */
  async run(orderGenerationId: string): Promise<void> {
    await this.#sessionInProgress(orderGenerationId);
    try {
      await this.#db.transaction().execute((transaction) => this.#generate(orderGenerationId, transaction));
    } catch (error) {
      if (!(error instanceof OrderProblem)) throw error;
      await this.#fail(orderGenerationId, error.message, error.paidTwiceFor);
      this.#log.warn({ orderGenerationId, reason: error.message }, 'order generation failed');
    }
  }

  /** After the last retry: the generation failed for a technical reason, kept for the admin. */
  async giveUp(orderGenerationId: string, attempts: number, lastError: string): Promise<void> {
    await this.#fail(orderGenerationId, orderGenerationErrors.technical(attempts, lastError));
    this.#log.warn({ orderGenerationId }, 'order generation failed after its last attempt');
  }

  /**
   * The generation and the session of its order fail together (a session another order bought
   * stays as that order left it).
   */
  async #fail(orderGenerationId: string, reason: string, paidTwiceFor: string | null = null): Promise<void> {
    await this.#db.transaction().execute(async (transaction) => {
      if (!(await this.#repository.fail(orderGenerationId, reason, transaction, paidTwiceFor))) return;
      const generation = await this.#repository.findById(orderGenerationId, transaction);
      if (generation?.upgrade_session) {
        await this.#sessions.moveStatus(
          generation.upgrade_session,
          generation.order_number,
          'failed',
          transaction,
        );
      }
    });
  }

  /** The session of the order is being generated (visible while the generation runs). */
  async #sessionInProgress(orderGenerationId: string): Promise<void> {
    const generation = await this.#repository.findById(orderGenerationId);
    if (generation?.progress !== 'in-progress' || !generation.upgrade_session) return;
    await this.#sessions.moveStatus(generation.upgrade_session, generation.order_number, 'in-progress');
  }

  async #generate(id: string, transaction: Kysely<DB>): Promise<void> {
    const generation = await this.#repository.lock(id, transaction);
    if (generation?.progress !== 'in-progress') return;
    const order = generation.shop_order as ShopOrder;
    const refunds = refundStateOfRow(generation);
    if (isFullyWithdrawn(refunds, orderGrossOf(generation))) {
      // Refunded or cancelled before this ran (the webhook of the refund came first): nothing is made.
      const status = refunds.withdrawnStatus ?? 'refunded';
      await this.#repository.addNote(id, orderGenerationNotes.nothingMade(status), transaction);
      await this.#repository.complete(id, [], transaction, 'nothing-made');
      if (generation.upgrade_session) {
        await this.#sessions.moveStatus(
          generation.upgrade_session,
          generation.order_number,
          'failed',
          transaction,
        );
      }
      this.#log.info(
        { orderGenerationId: id, status },
        'order withdrawn before its generation: nothing made',
      );
      return;
    }
    const session = await this.#session(order, generation.upgrade_session, transaction);
    const cart = order.cartToken ? (this.#cartTokens.verify(order.cartToken) ?? 'forged') : null;
    const plan = planGeneration(order, this.#productIds, session && sessionFacts(session), cart);
    const outcome = await this.#carryOut(plan, order, id, transaction);
    if (session) {
      await this.#sessions.completed(session.id, outcome.productLicense, transaction);
    }
    // A partial refund that came before this ran: staff decide which licenses go.
    const withdrawal = refunds.refunds.length > 0 ? 'open' : null;
    await this.#repository.complete(id, outcome.licenseIds, transaction, withdrawal);
  }

  /**
   * The order's upgrade session, locked; none when the order names none. The intake links only a
   * session the order proves with its token (and leaves any other untouched); here, where every
   * attempt ends, an unproven one fails the generation with that reason.
   */
  async #session(
    order: ShopOrder,
    sessionId: string | null,
    transaction: Kysely<DB>,
  ): Promise<UpgradeSessionRow | null> {
    if (!order.upgradeSessionId) return null;
    if (!this.#tokens.provesSession(order.upgradeSessionId, order)) {
      throw new OrderProblem(orderGenerationErrors.sessionNotProven(order.upgradeSessionId));
    }
    const session = sessionId ? await this.#sessions.findForUpdate(sessionId, transaction) : undefined;
    if (!session) throw new OrderProblem(orderGenerationErrors.sessionNotFound(order.upgradeSessionId));
    if (session.order_id !== order.number) {
      // Two tabs, a slow network: the session was paid for once already, by that order.
      const firstOrder = session.order_id ?? '–';
      throw new OrderProblem(orderGenerationErrors.paidTwice(firstOrder), { paidTwiceFor: firstOrder });
    }
    return session;
  }

  async #carryOut(
    plan: GenerationPlan,
    order: ShopOrder,
    orderGenerationId: string,
    transaction: Kysely<DB>,
  ): Promise<Outcome> {
    const recipient = { recipient: order.billing.email!, recipientName: order.billing.name || null };
    switch (plan.purchaseType) {
      case 'new':
      case 'reseller': {
        const licenseIds: string[] = [];
        for (const licenses of plan.create) {
          // No document job per license: the order's delivery renders each starter document (and
          // stores it for the portal) as it attaches it, so it is made once, not raced for.
          const created = await this.#createLicenses(licenses, order, false, transaction);
          licenseIds.push(...created.map((license) => license._id));
        }
        await this.#deliveries.create(
          {
            occasion: 'order',
            documentType: 'starter',
            licenseIds,
            ...recipient,
            orderGeneration: orderGenerationId,
          },
          transaction,
        );
        return { licenseIds, productLicense: licenseIds[0]! };
      }
      case 'upgrade': {
        const originals = await this.#originalLicenses(plan.originalLicenses, transaction);
        const [created] = await this.#createLicenses(plan.create, order, false, transaction);
        const bound = await this.#licenses.bindIfUnbound(created!._id, plan.holder, transaction);
        if (!bound) throw new Error('the license just created is not unbound');
        for (const original of originals) {
          await this.#licenses.supersede(original.id, bound.id, transaction);
        }
        await this.#licenseDocumentMailed(bound, recipient, orderGenerationId, transaction);
        return {
          licenseIds: [bound.id, ...originals.map((original) => original.id)],
          productLicense: bound.id,
        };
      }
      case 'extension': {
        const extended = await this.#extend(plan, order, transaction);
        await this.#licenseDocumentMailed(extended, recipient, orderGenerationId, transaction);
        return { licenseIds: [extended.id], productLicense: extended.id };
      }
    }
  }

  #createLicenses(
    licenses: LicensesToCreate,
    order: ShopOrder,
    generateStarterDocument: boolean,
    transaction: Kysely<DB>,
  ) {
    return this.#licenses.create(
      {
        version: '9',
        properties: {
          class: licenses.class,
          type: licenses.type,
          size: licenses.size,
          delivery: 'download',
          dvdCount: licenses.dvdCount,
        },
        specialPermissions: [],
        notes: licenses.notes,
        generateStarterDocument,
        count: licenses.count,
      },
      { typeOfEntry: 'order', entryReference: order.number, productSku: licenses.productSku },
      transaction,
    );
  }

  /** The licenses an update replaces: all still there and none disabled (already updated). */
  async #originalLicenses(ids: string[], transaction: Kysely<DB>): Promise<LicenseRow[]> {
    const originals: LicenseRow[] = [];
    for (const id of ids) {
      const license = await this.#licenses.findById(id, transaction);
      if (!license) throw new OrderProblem(orderGenerationErrors.originalLicenseMissing(id));
      if (license.status === 'disabled') {
        throw new OrderProblem(orderGenerationErrors.originalLicenseDisabled(license.key));
      }
      originals.push(license);
    }
    return originals;
  }

  /**
   * An extension: the pro license grows to the new size and gets the DVDs bought; an unbound one is
   * bound to the holder the buyer gave (the assistant said it would be), a bound one keeps its
   * holder. How it was before is kept on the session (`holder: null`: it was unbound, its start
   * code its authentication code), for an undo to restore. It must still be what was priced: a v9
   * pro license with the seats the session started from, not disabled.
   */
  async #extend(
    plan: Extract<GenerationPlan, { purchaseType: 'extension' }>,
    order: ShopOrder,
    transaction: Kysely<DB>,
  ): Promise<LicenseRow> {
    const license = await this.#licenses.findById(plan.licenseId, transaction);
    if (!license) throw new OrderProblem(orderGenerationErrors.originalLicenseMissing(plan.licenseId));
    if (
      license.status === 'disabled' ||
      license.version !== '9' ||
      license.class !== 'pro' ||
      license.size !== plan.originalSeats ||
      plan.size <= license.size
    ) {
      throw new OrderProblem(orderGenerationErrors.extendedLicenseChanged(license.key));
    }
    const beforeExtension: BeforeExtension = {
      properties: {
        class: license.class,
        type: license.type,
        size: license.size,
        delivery: license.delivery,
        dvdCount: license.dvd_count,
      },
      holder: license.holder_type
        ? {
            holderType: license.holder_type,
            name: license.holder_name!,
            email: license.holder_email!,
            contact: license.holder_contact,
          }
        : null,
    };
    const session = order.upgradeSessionId!;
    await this.#sessions.extending(session, beforeExtension, transaction);
    const extended = await this.#licenses.extend(
      license.id,
      {
        size: plan.size,
        dvd_count: (license.dvd_count ?? 0) + plan.dvdCount,
        extension_sku: plan.extensionSku,
        // The documents show the size: the old ones stay stored (sent mails refer to them), new ones are made.
        ...(license.status === 'bound' ? { license_document: null } : { starter_document: null }),
      },
      transaction,
    );
    if (extended!.status !== 'unbound' || !plan.holder) return extended!;
    const bound = await this.#licenses.bindIfUnbound(license.id, plan.holder, transaction);
    return bound ?? extended!;
  }

  /**
   * An update's or extension's license with its current document (license document when bound,
   * else starter document) generated and mailed, queued in the transaction: to the buyer and, when
   * the license is bound to another address, to its holder too (whose license it is).
   */
  async #licenseDocumentMailed(
    license: LicenseRow,
    buyer: { recipient: string; recipientName: string | null },
    orderGenerationId: string,
    transaction: Kysely<DB>,
  ): Promise<void> {
    const documentType = license.status === 'bound' ? 'license' : 'starter';
    await this.#queue.send(
      JOBS.generateDocument,
      { licenseId: license.id, kind: documentType },
      { transaction },
    );
    const recipients = [buyer];
    const holder = license.status === 'bound' ? license.holder_email : null;
    if (holder && holder.toLowerCase() !== buyer.recipient.toLowerCase()) {
      recipients.push({ recipient: holder, recipientName: license.holder_name });
    }
    for (const recipient of recipients) {
      await this.#deliveries.create(
        {
          occasion: 'update',
          documentType,
          licenseIds: [license.id],
          ...recipient,
          orderGeneration: orderGenerationId,
        },
        transaction,
      );
    }
  }
}

function sessionFacts(row: UpgradeSessionRow): SessionFacts {
  return {
    id: row.id,
    purchaseType: row.purchase_type,
    properties: row.properties as SessionProperties | null,
    holder: row.holder as HolderData | null,
    originalLicenses: row.original_licenses,
    originalSeats: row.original_seats,
    resellerLicenses: row.reseller_licenses as ResellerLicense[],
    offerNumber: row.offer_number,
    priced: pricedSession(row),
  };
}
