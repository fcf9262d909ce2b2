import { CompiledQuery, sql, type Kysely } from 'kysely';
import { PgBoss, fromPglite, type Db, type JobResult, type JobWithMetadata, type Queue } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueTiming } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { currentRequestId, withRequestId } from '../lib/request-context.ts';
import type { JobKind } from './catalogue.ts';

export type QueueOptions = Omit<Queue, 'name'>;
export type JobHandler<T> = (job: JobWithMetadata<T>) => Promise<void>;

/**
 * How long the worker waits between polls where notifications do not reach it. A new job wakes a
 * listening worker at once (LISTEN/NOTIFY); its polls only find the rest: retries after their
 * delay and delayed jobs (an offer's expiry).
 */
const POLLING_INTERVAL_SECONDS = 1;
/**
 * A listening worker polls a queue as often as its retries can fall due: every retry delay, but
 * at least every this many seconds (and at most every second). Fifteen queues polled every second
 * kept the embedded database, which answers one query at a time, about half as long as the
 * sign-ins it answered meanwhile in the auth bench (issue 42). A retry or a delayed job now starts
 * up to one such interval after it is due.
 */
const MAX_IDLE_POLLING_INTERVAL_SECONDS = 10;
/** Where a job's data keeps the id of the request that queued it (the handler never sees it). */
const REQUEST_ID_FIELD = 'requestId';
/** A job id that never exists. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';
/** Jobs fetched at once; a full batch makes the worker fetch again at once. */
const BATCH_SIZE = 5;
/** What a job left running by a process that ended is failed with (and then retried). */
export const ABANDONED_JOB_MESSAGE = 'the process running the job ended';

/**
 * The job queue, stored in the portal's database (pg-boss): at-least-once execution, claiming with
 * `FOR UPDATE SKIP LOCKED` so several workers can share it, retries with back-off and a failed
 * state that keeps the last error. Handlers must be idempotent.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;
  #stopping = false;
  /**
   * True on PGlite: one connection, whose transactions run one at a time (decision 002). Every
   * job fetched waits its turn there in front of the next web request, so long work fetches less.
   */
  readonly oneConnection: boolean;
  /** Each defined queue's polling interval while notifications reach its worker. */
  readonly #idlePolling = new Map<string, number>();
  /**
   * A worker refreshes the heartbeat of the jobs it runs every half of this; a job whose heartbeat
   * is older (its worker died: SIGKILL, power loss) is retried by another worker's supervisor.
   */
  readonly #heartbeatSeconds: number;

  private constructor(
    boss: PgBoss,
    log: FastifyBaseLogger,
    oneConnection: boolean,
    heartbeatSeconds: number,
  ) {
    this.#boss = boss;
    this.#log = log;
    this.oneConnection = oneConnection;
    this.#heartbeatSeconds = heartbeatSeconds;
  }

  /**
   * Connects to the queue tables (creating or migrating them). `maintenance` runs pg-boss's
   * supervisor where jobs are worked: every `superviseIntervalSeconds` it retries jobs whose worker
   * died (heartbeat stale) or that ran past their expiry, and archives old jobs. The queues this
   * process defines get its `heartbeatSeconds` (`JOB_HEARTBEAT_SECONDS`, decision 083).
   */
  static async start(
    database: Database,
    log: FastifyBaseLogger,
    options: { maintenance: boolean } & JobQueueTiming,
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      ...(database.pglite
        ? { db: fromPglite(database.pglite), backend: 'pglite' as const }
        : { connectionString: connectionStringOf(database), max: 4 }),
      supervise: options.maintenance,
      schedule: false,
      // Without it pg-boss never listens, and every hop from one job to the next waited for a poll.
      useListenNotify: true,
      // How often the supervisor looks for jobs of dead workers and jobs past their expiry, and
      // how often it may examine a queue (claimed across processes).
      superviseIntervalSeconds: options.superviseIntervalSeconds,
      monitorIntervalSeconds: options.superviseIntervalSeconds,
    });
    const queue = new JobQueue(boss, log, database.backend === 'pglite', options.heartbeatSeconds);
    boss.on('error', (error) => {
      // Stopping closes pg-boss's connections; one cut while it stops is part of stopping.
      if (queue.#stopping) log.warn({ err: error }, 'job queue error while stopping');
      else log.error({ err: error }, 'job queue error');
    });
    await boss.start();
    if (options.maintenance && database.backend === 'pglite') await queue.#failAbandonedJobs(database);
    return queue;
  }

  /**
   * Creates the queue or updates its settings; new jobs wake idle workers at once (NOTIFY), and
   * workers keep a heartbeat on the jobs they run (a job keeps the heartbeat its queue had when it
   * was queued). `expireInSeconds` must bound one attempt.
   * `unnotified`: jobs arrive without a notification (a dead letter queue's, which pg-boss moves
   * there itself), so its worker polls every second.
   */
  async define(
    kind: JobKind,
    options: QueueOptions & { expireInSeconds: number },
    { unnotified = false }: { unnotified?: boolean } = {},
  ): Promise<void> {
    const { name } = kind;
    const withNotify = { notify: true, heartbeatSeconds: this.#heartbeatSeconds, ...options };
    this.#idlePolling.set(
      name,
      unnotified ? POLLING_INTERVAL_SECONDS : idlePollingSeconds(options.retryDelay),
    );
    const existing = await this.#boss.getQueue(name);
    if (existing) {
      // pg-boss fixes a queue's policy when it creates the queue and refuses any update that names
      // it, even unchanged: every start after the first (a restart, a second worker) updates the rest.
      const { policy, ...settings } = withNotify;
      if (policy !== undefined && policy !== existing.policy) {
        this.#log.warn({ queue: name, policy: existing.policy, wanted: policy }, 'queue policy kept');
      }
      await this.#boss.updateQueue(name, settings);
    } else await this.#boss.createQueue(name, withNotify);
    // pg-boss drops its cached description of a queue it creates or updates and reloads it on the
    // queue's next use, through its own connection. On PGlite that next use may be a send inside a
    // business transaction, where its own connection waits for the transaction: load it now.
    await this.#boss.getJobById(name, NO_JOB);
  }

  /**
   * Enqueues a job. Inside a business transaction, pass it: the job is then committed or rolled
   * back together with the data it refers to. `startAfter` delays it (an offer expires in 30 days).
   * A payload its kind's schema refuses is a programming error: it throws, and nothing is sent.
   * A job queued while a request (or another job of it) is worked keeps that request's id: its
   * log lines name it too.
   */
  async send<T extends object>(
    kind: JobKind<T>,
    data: T,
    options: { transaction?: Kysely<DB>; startAfter?: Date } = {},
  ): Promise<string | null> {
    const payload = kind.payload.parse(data);
    const requestId = currentRequestId();
    return this.#boss.send(kind.name, requestId ? { ...payload, [REQUEST_ID_FIELD]: requestId } : payload, {
      ...(options.transaction ? { db: transactionAdapter(options.transaction) } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    });
  }

  /**
   * The embedded database belongs to this process alone, so a job still active in it was left by a
   * previous process that was killed: it is failed (and so retried) now, not after its heartbeat
   * runs out.
   */
  async #failAbandonedJobs(database: Database): Promise<void> {
    const { rows } = await sql<{ name: string; id: string }>`
      select name, id from pgboss.job where state = 'active'
    `.execute(database.db);
    for (const { name, id } of rows) {
      // Counted as an attempt (a job that kills every process running it ends in its failed
      // state), but retried now: its process died, not its work.
      await this.#boss.fail(name, id, { message: ABANDONED_JOB_MESSAGE });
      await this.#boss.update(name, undefined, { id, startAfter: new Date() });
    }
    if (rows.length > 0) this.#log.warn({ jobs: rows.length }, 'jobs of an ended process retried');
  }

  /**
   * Runs `handler` for each job of the queue; a throw counts as a failed attempt of that job only.
   * Jobs are fetched in batches, run side by side, and, while batches come back full, fetched
   * again without waiting. So a batch takes as long as its slowest job: its expiry bounds one job.
   * `oneAtATime` runs a batch's jobs one after another instead (each job's expiry must then allow
   * for the batch's other jobs before it). The handler gets the payload as its kind's schema reads
   * it; a payload the schema refuses fails the attempt.
   */
  async work<T extends object>(
    kind: JobKind<T>,
    handler: JobHandler<T>,
    concurrency = 1,
    { oneAtATime = false }: { oneAtATime?: boolean } = {},
  ): Promise<void> {
    const { name } = kind;
    const attempt = (job: JobWithMetadata<T>): Promise<JobResult> => {
      const { requestId, payload } = storedJob(job.data);
      return withRequestId(requestId, async (): Promise<JobResult> => {
        try {
          await handler({ ...job, data: kind.payload.parse(payload) });
          return { id: job.id, status: 'completed' };
        } catch (error) {
          this.#log.warn(
            { err: error, queue: name, jobId: job.id, attempt: job.retryCount + 1 },
            'job attempt failed',
          );
          return { id: job.id, status: 'failed', output: { message: (error as Error).message } };
        }
      });
    };
    await this.#boss.work(
      name,
      {
        includeMetadata: true,
        perJobResults: true,
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
        notifyPollingIntervalSeconds: this.#idlePolling.get(name) ?? POLLING_INTERVAL_SECONDS,
        localConcurrency: concurrency,
      },
      async (jobs: JobWithMetadata<T>[]) => {
        if (!oneAtATime) return Promise.all(jobs.map(attempt));
        const results: JobResult[] = [];
        for (const job of jobs) results.push(await attempt(job));
        return results;
      },
    );
  }

  /** The job as stored (state, retries, last error), for tests and diagnostics. */
  job(name: string, id: string) {
    return this.#boss.getJobById(name, id);
  }

  /** Stops polling; gracefully by default, letting running jobs finish (up to 10 s). */
  async stop({ graceful = true } = {}): Promise<void> {
    this.#stopping = true;
    await this.#boss.stop({ graceful, timeout: 10_000 });
  }
}

/** A listening worker's polling interval for a queue whose retries wait `retryDelay` seconds. */
export function idlePollingSeconds(retryDelay: number | undefined): number {
  return Math.min(MAX_IDLE_POLLING_INTERVAL_SECONDS, Math.max(POLLING_INTERVAL_SECONDS, retryDelay ?? 0));
}

/** A stored job's data: the payload its handler gets, and the id of the request that queued it. */
export function storedJob(data: unknown): { payload: unknown; requestId: string | undefined } {
  if (typeof data !== 'object' || data === null || !(REQUEST_ID_FIELD in data)) {
    return { payload: data, requestId: undefined };
  }
  const { [REQUEST_ID_FIELD]: requestId, ...payload } = data as Record<string, unknown>;
  return { payload, requestId: typeof requestId === 'string' ? requestId : undefined };
}

function connectionStringOf(database: Database): string {
  const options = database.pool?.options as { connectionString?: string } | undefined;
  if (!options?.connectionString) throw new Error('the PostgreSQL pool has no connection string');
  return options.connectionString;
}

/** Lets pg-boss write through an open Kysely transaction (on PGlite as on PostgreSQL). */
function transactionAdapter(transaction: Kysely<DB>): Db {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const result = await transaction.executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows as unknown[] };
    },
  };
}
