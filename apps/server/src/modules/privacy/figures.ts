import { type Kysely, sql } from 'kysely';
import type { RetentionPeriods } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { RETENTION_KINDS, type RetentionCounts } from './retention.ts';

const DAY_MS = 86_400_000;

/** The retention job as a scrape sees it (decision 064). */
export interface RetentionFigures {
  /** When its last run finished; null before the first. */
  lastRunAt: Date | null;
  /** What that run removed, per kind. */
  removed: RetentionCounts;
  /**
   * Rows past their period that no run has removed yet: 0 right after a run; rows that keep
   * growing a day after their period mean the job does not run (or fails).
   */
  overdue: { 'offer-data': number; 'mail-text': number; 'audit-entries': number };
}

/** Read from the database, so every process answers the same (through the retention indexes). */
export async function readRetentionFigures(
  db: Kysely<DB>,
  periods: RetentionPeriods,
): Promise<RetentionFigures> {
  const now = Date.now();
  const before = (days: number) => new Date(now - days * DAY_MS);
  const { rows } = await sql<{ offers: number; mails: number; audit: number }>`
    select
      (select count(*) from upgrade_session
        where personal_data_removed_at is null and status in ('created', 'offered', 'expired')
          and coalesce(offer_valid_until, updated_at) < ${before(periods.offerDays)})::int as offers,
      (select count(*) from delivery
        where content_removed_at is null and progress <> 'in-progress'
          and updated_at < ${before(periods.mailTextDays)})::int as mails,
      (select count(*) from audit_entry where created_at < ${before(periods.auditDays)})::int as audit
  `.execute(db);
  const run = await db.selectFrom('retention_run').select(['finished_at', 'removed']).executeTakeFirst();
  const stored = (run?.removed ?? {}) as Partial<RetentionCounts>;
  const removed = Object.fromEntries(
    RETENTION_KINDS.map((kind) => [kind, stored[kind] ?? 0]),
  ) as RetentionCounts;
  const { offers, mails, audit } = rows[0]!;
  return {
    lastRunAt: run?.finished_at ?? null,
    removed,
    overdue: { 'offer-data': offers, 'mail-text': mails, 'audit-entries': audit },
  };
}
