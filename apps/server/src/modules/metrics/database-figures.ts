import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** One job queue as a scrape sees it. */
export interface QueueFigures {
  queue: string;
  /** Due now and waiting for a worker (new jobs and retries whose delay has passed). */
  queued: number;
  /** Waiting for a later time (a retry's back-off, an offer's expiry in 30 days). */
  delayed: number;
  active: number;
  /** Failed after their last retry and still kept by pg-boss (for its retention time). */
  failed: number;
  /** How long the longest-waiting due job has been due; 0 when none waits. */
  oldestWaitingSeconds: number;
}

/**
 * Every queue pg-boss knows, with its jobs counted by state, read from pg-boss's own tables at
 * scrape time: the figures of all processes on the database, whichever process is asked.
 * Completed jobs (the bulk of the table until pg-boss deletes them) are skipped.
 */
export async function readQueueFigures(db: Kysely<DB>): Promise<QueueFigures[]> {
  const waiting = sql`job.state in ('created', 'retry')`;
  const { rows } = await sql<{
    queue: string;
    queued: number;
    delayed: number;
    active: number;
    failed: number;
    oldest_waiting_seconds: number | null;
  }>`
    select queue.name as queue,
      count(job.id) filter (where ${waiting} and job.start_after <= now())::int as queued,
      count(job.id) filter (where ${waiting} and job.start_after > now())::int as delayed,
      count(job.id) filter (where job.state = 'active')::int as active,
      count(job.id) filter (where job.state = 'failed')::int as failed,
      extract(epoch from now() - min(job.start_after) filter (where ${waiting} and job.start_after <= now()))::float8
        as oldest_waiting_seconds
    from pgboss.queue
    left join pgboss.job on job.name = queue.name and job.state <> 'completed'
    group by queue.name
    order by queue.name
  `.execute(db);
  return rows.map((row) => ({
    queue: row.queue,
    queued: row.queued,
    delayed: row.delayed,
    active: row.active,
    failed: row.failed,
    oldestWaitingSeconds: Math.max(0, row.oldest_waiting_seconds ?? 0),
  }));
}

/** Offers sent and neither bought nor expired. */
export async function countOpenOffers(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('upgrade_session')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'offered')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
