import type { Kysely } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Attention, AttentionItem, ShopReconciliation } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import type { ThrottleScope } from '../auth/index.ts';
import { RETENTION_KINDS, type RetentionFigures } from '../privacy/index.ts';
import { countOpenOffers, readQueueFigures } from './database-figures.ts';

const PREFIX = 'lizenzportal_';
const THROTTLE_SCOPES: ThrottleScope[] = ['license', 'admin', 'offer-code'];
/** The route label of a request no route took (unknown addresses, the web app's pages). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The process's own figures (event-loop delay, heap, handles, CPU), collected once per process
 * whatever number of apps it builds (tests build many; each collector would add a monitor).
 */
let processRegistry: Registry | undefined;
function processFigures(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The counts „Braucht Aufmerksamkeit” shows that an operator alerts on, by metric. */
const ATTENTION_GAUGES: Partial<Record<AttentionItem, { name: string; help: string }>> = {
  failedOrderGenerations: {
    name: `${PREFIX}order_generations_failed`,
    help: 'Order generations that failed and wait for „Erneut versuchen” (as the back office counts them)',
  },
  failedDeliveries: {
    name: `${PREFIX}deliveries_failed`,
    help: 'E-mail deliveries that failed and were not resent (as the back office counts them)',
  },
  deliveriesInDoubt: {
    name: `${PREFIX}deliveries_in_doubt`,
    help: 'Deliveries whose handover to the mail server was interrupted: maybe sent, never resent automatically',
  },
};

export interface MetricsSources {
  db: Kysely<DB>;
  /** The back office's attention counts (failed generations and deliveries, deliveries in doubt). */
  attention: () => Promise<Attention>;
  /** The shop reconciliation's state as the back office shows it (decision 030). */
  shopReconciliation: () => Promise<ShopReconciliation>;
  /** The retention job's last run and what is past its period (decision 064). */
  retention: () => Promise<RetentionFigures>;
}

/**
 * The portal's Prometheus figures. Counted in this process as they happen: HTTP request durations
 * by route pattern, method and status, and the throttle's refusals. Read from the database when
 * scraped: the job queues, failed generations and deliveries, open offers, the shop
 * reconciliation, the retention job — the same answer from every process on the database.
 */
export class PortalMetrics {
  readonly #sources: MetricsSources;
  readonly #registry = new Registry();
  readonly #requestDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by route pattern, method and status, until the answer was sent',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.#registry],
  });
  readonly #throttleRefusals = new Counter({
    name: `${PREFIX}throttle_refusals_total`,
    help: 'Attempts the sign-in throttle refused (429): license and admin sign-ins, offer codes',
    labelNames: ['scope'] as const,
    registers: [this.#registry],
  });
  readonly #jobs = new Gauge({
    name: `${PREFIX}jobs`,
    help: 'Background jobs per queue and state (queued: due now; delayed: due later; failed: after the last retry)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.#registry],
  });
  readonly #oldestWaiting = new Gauge({
    name: `${PREFIX}jobs_oldest_waiting_seconds`,
    help: 'Per queue, how long its longest-waiting due job has waited for a worker (0: none waits)',
    labelNames: ['queue'] as const,
    registers: [this.#registry],
  });
  readonly #openOffers = new Gauge({
    name: `${PREFIX}offers_open`,
    help: 'Offers sent and neither bought nor expired',
    registers: [this.#registry],
  });
  readonly #retentionLastRun = new Gauge({
    name: `${PREFIX}retention_last_run_timestamp_seconds`,
    help: 'When the daily removal of personal data past their retention last finished (Unix time; 0: not yet)',
    registers: [this.#registry],
  });
  readonly #retentionRemoved = new Gauge({
    name: `${PREFIX}retention_removed`,
    help: 'What the last retention run removed, per kind (offer data, mail texts, audit entries, client addresses, contact changes)',
    labelNames: ['kind'] as const,
    registers: [this.#registry],
  });
  readonly #retentionOverdue = new Gauge({
    name: `${PREFIX}retention_overdue`,
    help: 'Records past their retention period not removed yet, per kind (0 after each run; growing: the job does not run)',
    labelNames: ['kind'] as const,
    registers: [this.#registry],
  });
  // Registered at the first scrape that finds the reconciliation set up: without it there is no
  // series, so an alert on it cannot fire for a portal that has no shop credentials.
  #reconciliationRegistered = false;
  readonly #reconciliationFailing = new Gauge({
    name: `${PREFIX}shop_reconciliation_failing`,
    help: 'The shop reconciliation fails (1) or works (0): paid orders the webhook missed are not found meanwhile',
    registers: [],
  });
  readonly #reconciliationSucceeded = new Gauge({
    name: `${PREFIX}shop_reconciliation_last_success_timestamp_seconds`,
    help: 'When the shop reconciliation last read the shop without an error (Unix time; 0: not yet)',
    registers: [],
  });
  readonly #attention = new Map(
    Object.entries(ATTENTION_GAUGES).map(([item, gauge]) => [
      item,
      new Gauge({ ...gauge, registers: [this.#registry] }),
    ]),
  );

  constructor(sources: MetricsSources) {
    this.#sources = sources;
    processFigures();
    // Every scope from 0: an alert on the rate of refusals needs the series before the first one.
    for (const scope of THROTTLE_SCOPES) this.#throttleRefusals.labels(scope).inc(0);
  }

  /** The Content-Type of `scrape()`'s text. */
  get contentType(): string {
    return this.#registry.contentType;
  }

  /** Counts one answered request; `route` is its pattern (`/api/v1/license/:id`), never the address. */
  observeRequest(route: string | undefined, method: string, status: number, milliseconds: number): void {
    this.#requestDuration.observe(
      { route: route ?? UNMATCHED_ROUTE, method, status: String(status) },
      milliseconds / 1000,
    );
  }

  /** Counts one attempt the throttle refused. */
  throttleRefused(scope: ThrottleScope): void {
    this.#throttleRefusals.labels(scope).inc();
  }

  /** Every figure in Prometheus' text format, the database's read now. */
  async scrape(): Promise<string> {
    await this.#readDatabase();
    const [own, process] = await Promise.all([this.#registry.metrics(), processFigures().metrics()]);
    return `${own}\n${process}`;
  }

  async #readDatabase(): Promise<void> {
    const { db, attention, shopReconciliation, retention } = this.#sources;
    const [queues, counts, openOffers, reconciliation, retained] = await Promise.all([
      readQueueFigures(db),
      attention(),
      countOpenOffers(db),
      shopReconciliation(),
      retention(),
    ]);
    this.#jobs.reset();
    this.#oldestWaiting.reset();
    for (const { queue, oldestWaitingSeconds, ...states } of queues) {
      for (const [state, count] of Object.entries(states)) this.#jobs.set({ queue, state }, count);
      this.#oldestWaiting.set({ queue }, oldestWaitingSeconds);
    }
    for (const { item, count } of counts.items) this.#attention.get(item)?.set(count);
    this.#openOffers.set(openOffers);
    this.#readReconciliation(reconciliation);
    this.#retentionLastRun.set(retained.lastRunAt ? retained.lastRunAt.getTime() / 1000 : 0);
    for (const kind of RETENTION_KINDS) this.#retentionRemoved.set({ kind }, retained.removed[kind]);
    for (const [kind, count] of Object.entries(retained.overdue)) this.#retentionOverdue.set({ kind }, count);
  }

  #readReconciliation({ configured, failing, lastSuccessAt }: ShopReconciliation): void {
    if (!configured) return;
    if (!this.#reconciliationRegistered) {
      this.#registry.registerMetric(this.#reconciliationFailing);
      this.#registry.registerMetric(this.#reconciliationSucceeded);
      this.#reconciliationRegistered = true;
    }
    this.#reconciliationFailing.set(failing ? 1 : 0);
    this.#reconciliationSucceeded.set(lastSuccessAt ? Date.parse(lastSuccessAt) / 1000 : 0);
  }
}
