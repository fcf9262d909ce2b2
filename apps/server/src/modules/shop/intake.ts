import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import {
  isFullyWithdrawn,
  isPaidOrder,
  NO_REFUNDS,
  orderUndoMessages,
  orderGenerationNotes,
  orderLinesText,
  orderPurchaseType,
  refundNews,
  refundStateOf,
  sameRefundState,
  splitOrderLines,
  type PortalLine,
  type RefundState,
  type ShopOrder,
  type ShopOrderLine,
  type ShopProductIds,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CartTokens } from '../../lib/cart-tokens.ts';
import type { AuditLog } from '../audit/index.ts';
import {
  orderGrossOf,
  refundStateOfRow,
  type OrderGenerationService,
  type OrderUndoer,
} from '../order-generations/index.ts';

/** What undoes a withdrawn order by itself (`SHOP_REFUND_ACTION=withdraw`, decision 066). */
interface AutomaticUndo {
  undoer: OrderUndoer;
  audit: AuditLog;
}
import type { SessionOrders, UpgradeSessionTokens } from '../upgrade-sessions/index.ts';
import { paymentColumns } from './payment.ts';
import { ShopRecordRepository } from './repository.ts';

/**
 * What became of a received order: a new generation, one that existed (the order came again),
 * the refunds of a known order kept on its generation (`noted`), nothing (not paid yet), or
 * nothing because no line of it is the portal's (a book, printed cards: the shop's alone).
 */
export type IntakeOutcome = 'created' | 'known' | 'noted' | 'not-paid' | 'ignored';

/**
 * Where every shop order arrives, by webhook or by reconciliation: a paid order gets its order
 * generation exactly once (the unique order number decides, however often and concurrently it
 * comes), committed together with the job that carries it out.
 */
export class ShopOrderIntake {
  readonly #db: Kysely<DB>;
  readonly #generations: OrderGenerationService;
  readonly #sessions: SessionOrders;
  readonly #tokens: UpgradeSessionTokens;
  readonly #queue: JobQueue;
  readonly #productIds: ShopProductIds;
  readonly #cartTokens: Pick<CartTokens, 'verify'>;
  /** The shop's own records: orders it ignored, the reconciliation's state (shown on its status page). */
  readonly records: ShopRecordRepository;
  readonly #refunds: AutomaticUndo | null;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<DB>;
    generations: OrderGenerationService;
    sessions: SessionOrders;
    tokens: UpgradeSessionTokens;
    queue: JobQueue;
    productIds: ShopProductIds;
    cartTokens: Pick<CartTokens, 'verify'>;
    /** `SHOP_REFUND_ACTION=withdraw`: full refunds undo their order at once; null: staff decide. */
    refunds?: AutomaticUndo | null;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#generations = deps.generations;
    this.#sessions = deps.sessions;
    this.#tokens = deps.tokens;
    this.#queue = deps.queue;
    this.#productIds = deps.productIds;
    this.#cartTokens = deps.cartTokens;
    this.records = new ShopRecordRepository(deps.db);
    this.#refunds = deps.refunds ?? null;
    this.#log = deps.log;
  }

  async receive(order: ShopOrder): Promise<{ outcome: IntakeOutcome; orderGeneration: string | null }> {
    if (isPaidOrder(order)) {
      const { portal, others } = splitOrderLines(order.lines, this.#productIds);
      return portal.length > 0 ? this.#accept(order, portal, others) : this.#ignore(order);
    }
    const known = await this.#generations.findByOrderNumber(order.number);
    if (!known) return { outcome: 'not-paid', orderGeneration: null };
    // A paid order cancelled or refunded later (or back in another status): its generation keeps the shop's word.
    const outcome = await this.#db
      .transaction()
      .execute((transaction) => this.#recordRefunds(known.id, order, transaction));
    return { outcome, orderGeneration: known.id };
  }

  /**
   * What the shop says of an order's money going back, kept on its generation (decision 066): the
   * refunds it lists and whether the whole order is withdrawn. A refund not known before puts the
   * generation under „Erstattet, Lizenzen noch aktiv” once it made licenses; one still in
   * progress decides when it runs (nothing at all for a withdrawn order). The same word twice
   * changes nothing. `noted` when the order has refunds or is withdrawn, else `known`.
   */
  async #recordRefunds(id: string, order: ShopOrder, transaction: Kysely<DB>): Promise<IntakeOutcome> {
    const generation = await this.#generations.lock(id, transaction);
    if (!generation) return 'known';
    const before = refundStateOfRow(generation);
    const after = refundStateOf(order, before, new Date());
    const refunded = after.refunds.length > 0 || after.withdrawnStatus !== null;
    if (sameRefundState(before, after)) return refunded ? 'noted' : 'known';
    let withdrawal = generation.withdrawal;
    if (refundNews(before, after) && generation.progress === 'completed' && generation.licenses.length > 0) {
      withdrawal = 'open';
    }
    await this.#generations.recordRefunds(id, after, withdrawal, transaction);
    await this.#fetchRefundLines(id, before, after, transaction);
    this.#log.info(
      { order: order.number, status: order.status, refunds: after.refunds.length, withdrawal },
      'shop order refund recorded',
    );
    if (withdrawal === 'open' && this.#refunds && isFullyWithdrawn(after, orderGrossOf(generation))) {
      // SHOP_REFUND_ACTION=withdraw: the whole order is withdrawn, so is what it made (a partial refund stays with staff).
      const { audit, undoer } = this.#refunds;
      const principal = { type: 'automatic', name: orderUndoMessages.automaticActor } as const;
      const { changed, notUndone } = await undoer.undo(
        id,
        undefined,
        (trx, entry) => audit.record(trx, { ...entry, action: 'order-undone', principal }),
        transaction,
      );
      this.#log.info(
        { order: order.number, changed: changed.length, notUndone: notUndone.length },
        'withdrawn shop order undone',
      );
    }
    return refunded ? 'noted' : 'known';
  }

  /**
   * Refunds not known before: which lines they returned is asked of the shop's refunds endpoint
   * (the order names none), by a job committed with them.
   */
  async #fetchRefundLines(
    id: string,
    before: RefundState,
    after: RefundState,
    transaction: Kysely<DB>,
  ): Promise<void> {
    if (!after.refunds.some((refund) => !before.refunds.some((kept) => kept.id === refund.id))) return;
    await this.#queue.send(JOBS.fetchRefundLines, { orderGenerationId: id }, { transaction });
  }

  /**
   * A paid order without a line of the portal: no generation (nothing of it is the portal's to
   * deliver), but a record an admin finds when the customer asks about it.
   */
  async #ignore(order: ShopOrder): Promise<{ outcome: IntakeOutcome; orderGeneration: string | null }> {
    const known = await this.#generations.findByOrderNumber(order.number);
    if (known) return { outcome: 'known', orderGeneration: known.id };
    await this.records.recordIgnoredOrder(order);
    this.#log.info(
      { order: order.number, lines: orderLinesText(order.lines) },
      'shop order without a product of the portal left to the shop',
    );
    return { outcome: 'ignored', orderGeneration: null };
  }

  /**
   * A paid order with lines of the portal: its generation, unless it has one, with what the order
   * paid and the portal's price of the same lines; `others` are named in its note.
   */
  #accept(
    order: ShopOrder,
    portal: PortalLine[],
    others: ShopOrderLine[],
  ): Promise<{ outcome: IntakeOutcome; orderGeneration: string | null }> {
    return this.#db.transaction().execute(async (transaction) => {
      // The session named in the order's meta data, if the order proves it with its token and it
      // exists; else it stays untouched, and the generation fails saying why (OrderGenerator).
      const named = order.upgradeSessionId;
      const sessionId = named && this.#tokens.provesSession(named, order) ? named : null;
      const session = sessionId ? await this.#sessions.findForUpdate(sessionId, transaction) : undefined;
      const purchaseType = orderPurchaseType(order, session?.purchase_type ?? null);
      // The cart the portal signed, if the order carries one: its price is the portal's for an
      // order without session; the generation compares its lines with the paid ones (plan.ts).
      const cart = order.cartToken ? this.#cartTokens.verify(order.cartToken) : null;
      const created = await this.#generations.insertIfNew(
        {
          order_number: order.number,
          shop_order_id: order.shopOrderId,
          upgrade_session: session?.id ?? null,
          purchase_type: purchaseType,
          ...paymentColumns(order, portal, session, purchaseType, cart),
          products: JSON.stringify(
            order.lines.map((line) => ({
              id: line.id,
              name: line.name,
              sku: line.sku,
              productId: line.productId,
              variationId: line.variationId,
              quantity: line.quantity,
            })),
          ),
          shop_order: JSON.stringify(order),
          note: others.length > 0 ? orderGenerationNotes.notThePortals(others) : null,
          ...refundColumns(refundStateOf(order, NO_REFUNDS, new Date())),
          error: null,
        },
        transaction,
      );
      if (!created) {
        const known = await this.#generations.findByOrderNumber(order.number, transaction);
        if (!known) return { outcome: 'known' as const, orderGeneration: null };
        return {
          outcome: await this.#recordRefunds(known.id, order, transaction),
          orderGeneration: known.id,
        };
      }
      if (session) {
        await this.#sessions.purchased(session.id, order.number, transaction, order.billing);
      }
      await this.#queue.send(JOBS.generateOrder, { orderGenerationId: created.id }, { transaction });
      await this.#fetchRefundLines(created.id, NO_REFUNDS, refundStateOfRow(created), transaction);
      this.#log.info({ order: order.number, orderGeneration: created.id }, 'shop order accepted');
      return { outcome: 'created' as const, orderGeneration: created.id };
    });
  }
}

/** The columns of a refund state, for a generation made of an order that has refunds already. */
function refundColumns(state: RefundState) {
  return {
    refunds: JSON.stringify(state.refunds),
    withdrawn_status: state.withdrawnStatus,
    withdrawn_at: state.withdrawnAt === null ? null : new Date(state.withdrawnAt),
  };
}
