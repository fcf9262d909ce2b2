import type { FastifyBaseLogger } from 'fastify';
import {
  formatDateTime,
  shopReconciliationMessages,
  toShopOrder,
  type ShopReconciliation as ReconciliationStatus,
} from '@lizenzportal/domain';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ShopOrderIntake } from './intake.ts';
import type { ShopReconciliationRow, ShopRecordRepository } from './repository.ts';
import { ShopApiError, type WooCommerceClient } from './woocommerce-client.ts';

/** How often the shop is asked for paid orders. */
const RECONCILE_INTERVAL_SECONDS = 300;
/**
 * How far back each run looks (by the order's creation date): an order paid days after it was
 * placed (bank transfer) is still found. Orders already known cost one lookup each.
 */
const RECONCILE_LOOKBACK_DAYS = 14;

/** Runs missed before a reconciliation that is set up counts as failing (its worker is not running). */
const MISSED_RUNS = 3;

/**
 * WooCommerce never retries a failed webhook delivery and collapses rapid updates: this job asks
 * the shop's REST API for the paid orders of the last days and feeds each through the same intake
 * as the webhook, which makes a generation only for orders it does not know yet and keeps the
 * refunds of those it knows (decision 066). Each run's end is
 * recorded (`shop_reconciliation`), so staff see a failing reconciliation (decision 030).
 */
export class ShopReconciliation {
  readonly #client: WooCommerceClient;
  readonly #intake: ShopOrderIntake;
  readonly #records: ShopRecordRepository;
  readonly #log: FastifyBaseLogger;
  #timer: NodeJS.Timeout | undefined;

  constructor(deps: {
    client: WooCommerceClient;
    intake: ShopOrderIntake;
    records: ShopRecordRepository;
    log: FastifyBaseLogger;
  }) {
    this.#client = deps.client;
    this.#intake = deps.intake;
    this.#records = deps.records;
    this.#log = deps.log;
  }

  /**
   * One run, recorded as it ends: its counts, or why it failed (then thrown, so that its job is
   * retried).
   */
  async reconcile(now = new Date()): Promise<{ seen: number; created: number }> {
    let result: { seen: number; created: number };
    try {
      result = await this.#run(now);
    } catch (error) {
      await this.#records.recordRun({ at: new Date(), error: failureReason(error) });
      throw error;
    }
    await this.#records.recordRun({ at: new Date(), error: null, ...result });
    return result;
  }

  /** Every paid order of the look-back window through the intake. */
  async #run(now: Date): Promise<{ seen: number; created: number }> {
    const after = new Date(now.getTime() - RECONCILE_LOOKBACK_DAYS * 86_400_000);
    let seen = 0;
    let created = 0;
    for await (const page of this.#client.paidOrdersSince(after)) {
      for (const unreadable of page.unreadable) {
        this.#log.warn(
          { shopOrderId: unreadable.id, problem: unreadable.problem },
          'unreadable shop order skipped',
        );
      }
      for (const order of page.orders) {
        seen += 1;
        const { outcome } = await this.#intake.receive(toShopOrder(order));
        if (outcome === 'created') created += 1;
      }
    }
    if (created > 0)
      this.#log.warn({ created }, 'reconciliation found paid shop orders the webhook had missed');
    return { seen, created };
  }

  /**
   * Queues a run now and every interval. The queue holds at most one run (queued or active), so
   * several workers asking at once make one.
   */
  schedule(queue: JobQueue): void {
    const request = () => {
      queue.send(JOBS.reconcileShopOrders, {}).catch((error: unknown) => {
        this.#log.warn({ err: error }, 'reconciliation run not queued');
      });
    };
    request();
    this.#timer = setInterval(request, RECONCILE_INTERVAL_SECONDS * 1000);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/** Why a run failed, in German for staff: the shop's answer, or the portal's own error. */
function failureReason(error: unknown): string {
  if (error instanceof ShopApiError) return error.reason;
  return shopReconciliationMessages.internal(error instanceof Error ? error.message : String(error));
}

/**
 * The reconciliation as the back office sees it: failing when its last run failed, or when none
 * ran for three intervals although it is set up (no worker runs it).
 */
export function reconciliationStatus(
  row: ShopReconciliationRow | undefined,
  options: { configured: boolean; startedAt: Date; now: Date },
): ReconciliationStatus {
  const { configured, startedAt, now } = options;
  const overdue = now.getTime() - MISSED_RUNS * RECONCILE_INTERVAL_SECONDS * 1000;
  let reason: string | null = null;
  if (configured) {
    if (row?.last_error) reason = row.last_error;
    else if (row && row.last_run_at.getTime() < overdue)
      reason = shopReconciliationMessages.notRunSince(formatDateTime(row.last_run_at));
    else if (!row && startedAt.getTime() < overdue) reason = shopReconciliationMessages.neverRan;
  }
  return {
    configured,
    lastRunAt: row?.last_run_at.toISOString() ?? null,
    lastSuccessAt: row?.last_success_at?.toISOString() ?? null,
    failing: reason !== null,
    reason,
  };
}

export async function defineReconciliationQueue(queue: JobQueue): Promise<void> {
  await queue.define(JOBS.reconcileShopOrders, {
    policy: 'exclusive',
    retryLimit: 2,
    retryDelay: 30,
    // Pages of 100 orders, each answered within 30 s; a run still going after this is hung.
    expireInSeconds: 600,
  });
}

export async function workReconciliation(queue: JobQueue, reconciliation: ShopReconciliation): Promise<void> {
  await queue.work(JOBS.reconcileShopOrders, async () => {
    await reconciliation.reconcile();
  });
}
