import { CompiledQuery, type Kysely } from 'kysely';
import { PgBoss, fromPglite, type Db, type JobResult, type JobWithMetadata, type Queue } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

export type QueueOptions = Omit<Queue, 'name'>;
export type JobHandler<T> = (job: JobWithMetadata<T>) => Promise<void>;

/** How long the worker waits between polls when no notification arrived. */
const POLLING_INTERVAL_SECONDS = 1;
/** A job id that never exists. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';
/** Jobs fetched at once; a full batch makes the worker fetch again at once. */
const BATCH_SIZE = 5;

/**
 * The job queue, stored in the portal's database (pg-boss): at-least-once execution, claiming with
 * `FOR UPDATE SKIP LOCKED` so several workers can share it, retries with back-off and a failed
 * state that keeps the last error. Handlers must be idempotent.
 */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #log: FastifyBaseLogger;

  private constructor(boss: PgBoss, log: FastifyBaseLogger) {
    this.#boss = boss;
    this.#log = log;
  }

  /**
   * Connects to the queue tables (creating or migrating them). `maintenance` runs pg-boss's
   * supervisor: it retries jobs whose worker died (their expiry passed) and archives old jobs.
   */
  static async start(
    database: Database,
    log: FastifyBaseLogger,
    options: { maintenance: boolean; superviseIntervalSeconds?: number },
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      ...(database.pglite
        ? { db: fromPglite(database.pglite), backend: 'pglite' as const }
        : { connectionString: connectionStringOf(database), max: 4 }),
      supervise: options.maintenance,
      schedule: false,
      ...(options.superviseIntervalSeconds
        ? { superviseIntervalSeconds: options.superviseIntervalSeconds }
        : {}),
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, log);
  }

  /** Creates the queue or updates its retry policy; new jobs wake idle workers at once (NOTIFY). */
  async define(name: string, options: QueueOptions): Promise<void> {
    const withNotify = { notify: true, ...options };
    if (await this.#boss.getQueue(name)) await this.#boss.updateQueue(name, withNotify);
    else await this.#boss.createQueue(name, withNotify);
    // pg-boss drops its cached description of a queue it creates or updates and reloads it on the
    // queue's next use, through its own connection. On PGlite that next use may be a send inside a
    // business transaction, where its own connection waits for the transaction: load it now.
    await this.#boss.getJobById(name, NO_JOB);
  }

  /**
   * Enqueues a job. Inside a business transaction, pass it: the job is then committed or rolled
   * back together with the data it refers to.
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: { transaction?: Kysely<DB> } = {},
  ): Promise<string | null> {
    return this.#boss.send(name, data, {
      ...(options.transaction ? { db: transactionAdapter(options.transaction) } : {}),
    });
  }

  /**
   * Runs `handler` for each job of the queue; a throw counts as a failed attempt of that job only.
   * Jobs are fetched in batches and, while batches come back full, without waiting between fetches.
   */
  async work<T>(name: string, handler: JobHandler<T>, concurrency = 1): Promise<void> {
    await this.#boss.work(
      name,
      {
        includeMetadata: true,
        perJobResults: true,
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
        localConcurrency: concurrency,
      },
      async (jobs: JobWithMetadata<T>[]) => {
        const results: JobResult[] = [];
        for (const job of jobs) {
          try {
            await handler(job);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            this.#log.warn(
              { err: error, queue: name, jobId: job.id, attempt: job.retryCount + 1 },
              'job attempt failed',
            );
            results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
          }
        }
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
    await this.#boss.stop({ graceful, timeout: 10_000 });
  }
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
