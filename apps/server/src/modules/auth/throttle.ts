import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { KeyedMutex } from '../../lib/keyed-mutex.ts';

export interface ThrottlePolicy {
  /** Failed attempts allowed per subject within one window. */
  maxFailures: number;
  windowSeconds: number;
}

/**
 * 10 failures per 15 minutes: guessing a 6-digit start code takes on average 12,500 hours of
 * uninterrupted trying, while the rightful holder waits at most 15 minutes after typos.
 */
export const SIGN_IN_POLICY: ThrottlePolicy = { maxFailures: 10, windowSeconds: 15 * 60 };

export type ThrottleScope = 'license' | 'admin';

/**
 * Limits failed sign-in attempts per subject (a license key, an admin name). Counters live in the
 * database, so they hold across restarts and processes. Attempts on one subject run one at a time
 * in this process, so a burst of parallel guesses cannot pass the check before the earlier
 * failures are counted.
 */
export class SignInThrottle {
  readonly #db: Kysely<DB>;
  readonly #policy: ThrottlePolicy;
  readonly #serial = new KeyedMutex();

  constructor(db: Kysely<DB>, policy: ThrottlePolicy = SIGN_IN_POLICY) {
    this.#db = db;
    this.#policy = policy;
  }

  /** Runs one sign-in attempt for the subject; attempts on the same subject wait for each other. */
  serially<T>(scope: ThrottleScope, subject: string, attempt: () => Promise<T>): Promise<T> {
    return this.#serial.run(`${scope}:${subject}`, attempt);
  }

  /**
   * SQL for the seconds until `subject` may try again (null when it may now), to select together
   * with the account itself: the successful sign-in stays one query.
   */
  retryAfterSql(scope: ThrottleScope, subject: RawBuilder<string>): RawBuilder<number | null> {
    return sql<number | null>`(
      select ceil(extract(epoch from t.window_ends_at - now()))::int from auth_throttle t
      where t.scope = ${scope} and t.subject = ${subject}
        and t.failures >= ${this.#policy.maxFailures} and t.window_ends_at > now()
    )`;
  }

  /** The 429 for a blocked subject. */
  blocked(retryAfterSeconds: number): AppError {
    return new AppError('TOO_MANY_REQUESTS', undefined, {
      headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
    });
  }

  /** Counts a failure; windows that ended a day ago are deleted on the way (failures are rare). */
  async recordFailure(scope: ThrottleScope, subject: string): Promise<void> {
    await this.#db
      .deleteFrom('auth_throttle')
      .where('window_ends_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    const windowEnd = sql<Date>`now() + make_interval(secs => ${this.#policy.windowSeconds})`;
    await this.#db
      .insertInto('auth_throttle')
      .values({ scope, subject, failures: 1, window_ends_at: windowEnd })
      .onConflict((conflict) =>
        conflict.columns(['scope', 'subject']).doUpdateSet({
          failures: sql`case when auth_throttle.window_ends_at <= now() then 1 else auth_throttle.failures + 1 end`,
          window_ends_at: sql`case when auth_throttle.window_ends_at <= now() then ${windowEnd} else auth_throttle.window_ends_at end`,
        }),
      )
      .execute();
  }
}
