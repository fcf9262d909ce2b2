import { type Kysely, sql } from 'kysely';
import type { CalendarDay, Granularity } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';

/**
 * How many unfolded rows a reader leaves before it folds them: summing a few hundred small rows
 * costs nothing measurable, and a fold then runs once per that many writing statements.
 */
export const TALLY_FOLD_AT = 256;

/** Any constant: one fold at a time (a second one would only wait for the first and find nothing). */
const FOLD_LOCK = 7_310_422;

/** What a figure reads: measures summed per bucket of its period. */
export interface TallyQuery {
  measures: readonly string[];
  /** The first day of the first bucket and the last day of the last. */
  first: CalendarDay;
  last: CalendarDay;
  granularity: Granularity;
  /** Also the sums before `first` (the level the period starts from). */
  withBefore: boolean;
}

export interface TallySums {
  /** By bucket start (`YYYY-MM-DD`), by measure. */
  buckets: Map<CalendarDay, Map<string, number>>;
  /** By measure: all before the period (when asked for). */
  before: Map<string, number>;
}

/**
 * The overview's figures per measure and Berlin day, as migration 018's triggers keep them: the sums
 * are aggregated by the database (a few hundred rows per figure whatever the size of the tables
 * counted), and rows that piled up are folded afterwards.
 */
export class OverviewTally {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async sums(query: TallyQuery): Promise<TallySums> {
    // The bucket of each day (`date_trunc` answers the Monday of a week, the first of a month);
    // days before the period sum into one row without a bucket.
    const { rows } = await sql<{ measure: string; bucket: string | null; amount: number; unfolded: number }>`
      select measure,
        case when day < ${query.first}::date then null
          else to_char(date_trunc(${query.granularity}, day::timestamp), 'YYYY-MM-DD') end as bucket,
        sum(amount)::bigint as amount,
        count(*) filter (where not folded)::int as unfolded
      from overview_tally
      where measure = any(${query.measures as string[]}::text[]) and day <= ${query.last}::date
        and (day >= ${query.first}::date or ${query.withBefore})
      group by 1, 2
    `.execute(this.#db);
    const sums: TallySums = { buckets: new Map(), before: new Map() };
    let unfolded = 0;
    for (const row of rows) {
      unfolded += row.unfolded;
      const target = row.bucket === null ? sums.before : bucketOf(sums.buckets, row.bucket);
      target.set(row.measure, Number(row.amount));
    }
    if (unfolded > TALLY_FOLD_AT) await this.fold();
    return sums;
  }

  /**
   * Adds the unfolded rows into one folded row per measure and day, in one statement. Exact beside
   * concurrent writers: a row a writer has not committed yet is invisible here and stays unfolded.
   * Folds take turns (an advisory lock; one that finds another at work leaves it to that one), and
   * add to the folded rows in one order, so two never wait for each other.
   */
  async fold(): Promise<void> {
    await inTransaction(this.#db, async (transaction) => {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked
      `.execute(transaction);
      if (!rows[0]?.locked) return;
      await sql`
        with unfolded as (delete from overview_tally where not folded returning measure, day, amount)
        insert into overview_tally (measure, day, amount, folded)
        select measure, day, sum(amount), true from unfolded group by measure, day order by measure, day
        on conflict (measure, day) where folded do update set amount = overview_tally.amount + excluded.amount
      `.execute(transaction);
    });
  }
}

function bucketOf(buckets: TallySums['buckets'], start: CalendarDay): Map<string, number> {
  let bucket = buckets.get(start);
  if (!bucket) buckets.set(start, (bucket = new Map()));
  return bucket;
}
