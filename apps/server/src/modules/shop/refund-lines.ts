import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { refundLinesMessages, refundLinesOf, type ShopProductIds } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import { defineWithDeadLetter, lastErrorOf } from '../../jobs/dead-letter.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { refundStateOfRow, type OrderGenerationService } from '../order-generations/index.ts';
import { ShopApiError, type WooCommerceClient } from './woocommerce-client.ts';

/** Tries of one fetch: with back-off from 30 s to an hour, about a day before it gives up. */
const RETRY_LIMIT = 30;

/**
 * Which lines and quantities an order's refunds returned (decision 066): the order's webhook and
 * its listing name a refund's id and amount only, the shop's `/orders/{id}/refunds` its lines. The
 * job asks it with the reconciliation's REST key for each refund of a generation not fetched yet
 * and keeps the lines inside that refund; without a key, or while the shop does not answer, the
 * generation says so in German.
 */
export class RefundLineFetcher {
  readonly #db: Kysely<DB>;
  readonly #generations: OrderGenerationService;
  /** Null when the shop's REST key is not configured. */
  readonly #client: WooCommerceClient | null;
  readonly #productIds: ShopProductIds;
  readonly #log: FastifyBaseLogger;

  constructor(deps: {
    db: Kysely<DB>;
    generations: OrderGenerationService;
    client: WooCommerceClient | null;
    productIds: ShopProductIds;
    log: FastifyBaseLogger;
  }) {
    this.#db = deps.db;
    this.#generations = deps.generations;
    this.#client = deps.client;
    this.#productIds = deps.productIds;
    this.#log = deps.log;
  }

  /** The job: fetches and keeps the lines; a shop that does not answer is thrown, so the job is retried. */
  async fetch(orderGenerationId: string): Promise<void> {
    const generation = await this.#generations.findById(orderGenerationId);
    if (!generation || generation.shop_order_id === null) return;
    if (refundStateOfRow(generation).refunds.every((refund) => refund.lines !== undefined)) return;
    if (!this.#client) {
      await this.#generations.setRefundLinesProblem(orderGenerationId, refundLinesMessages.notConfigured);
      return;
    }
    let fetched;
    try {
      fetched = await this.#client.orderRefunds(Number(generation.shop_order_id));
    } catch (error) {
      const reason = error instanceof ShopApiError ? error.reason : String(error);
      await this.#generations.setRefundLinesProblem(orderGenerationId, refundLinesMessages.retrying(reason));
      throw error;
    }
    await this.#db.transaction().execute(async (transaction) => {
      // The intake may have kept a refund more (or dropped one) meanwhile: lines go to the refunds as they are now.
      const locked = await this.#generations.lock(orderGenerationId, transaction);
      if (!locked) return;
      const refunds = refundStateOfRow(locked).refunds.map((refund) => {
        if (refund.lines !== undefined) return refund;
        const answer = fetched.find((candidate) => candidate.id === refund.id);
        return answer ? { ...refund, lines: refundLinesOf(answer, this.#productIds) } : refund;
      });
      await this.#generations.recordRefundLines(orderGenerationId, refunds, null, transaction);
      this.#log.info(
        { orderGenerationId, refunds: refunds.filter((refund) => refund.lines).length },
        'refund lines fetched from the shop',
      );
    });
  }

  /** After the last try: the generation says the shop did not answer, and staff pick by hand. */
  async giveUp(orderGenerationId: string, lastError: string | undefined): Promise<void> {
    await this.#generations.setRefundLinesProblem(
      orderGenerationId,
      refundLinesMessages.gaveUp(RETRY_LIMIT + 1, lastError ?? 'unbekannt'),
    );
    this.#log.warn({ orderGenerationId }, 'refund lines not fetched after the last try');
  }
}

export async function defineRefundLineQueues(queue: JobQueue): Promise<void> {
  await defineWithDeadLetter(queue, JOBS.fetchRefundLines, JOBS.refundLinesFailed, {
    retryLimit: RETRY_LIMIT,
    retryDelay: 30,
    retryDelayMax: 3600,
    // One request of at most 30 s and one short transaction.
    expireInSeconds: 120,
  });
}

export async function workRefundLines(queue: JobQueue, fetcher: RefundLineFetcher): Promise<void> {
  await queue.work(JOBS.fetchRefundLines, (job) => fetcher.fetch(job.data.orderGenerationId));
  await queue.work(JOBS.refundLinesFailed, (job) =>
    fetcher.giveUp(job.data.orderGenerationId, lastErrorOf(job.sourceOutput)),
  );
}
