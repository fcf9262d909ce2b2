import { type Kysely, sql } from 'kysely';
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

export type AttemptOutcome<T> = { success: T } | { failure: AppError; counts: boolean };

/**
 * Limits failed sign-in attempts per subject (a license key, an admin name). Counters live in the
 * database, so they hold across restarts and processes. Attempts on one subject run one at a time
 * in this process, so a burst of parallel guesses cannot pass the check before the first failures
 * are counted.
 */
export class SignInThrottle {
  readonly #db: Kysely<DB>;
  readonly #policy: ThrottlePolicy;
  readonly #serial = new KeyedMutex();

  constructor(db: Kysely<DB>, policy: ThrottlePolicy = SIGN_IN_POLICY) {
    this.#db = db;
    this.#policy = policy;
  }

  attempt<T>(scope: string, subject: string, run: () => Promise<AttemptOutcome<T>>): Promise<T> {
    return this.#serial.run(`${scope}\u0000${subject}`, async () => {
      const blocked = await this.#db
        .selectFrom('auth_throttle')
        .select(sql<number>`ceil(extract(epoch from window_ends_at - now()))::int`.as('retryAfter'))
        .where('scope', '=', scope)
        .where('subject', '=', subject)
        .where('failures', '>=', this.#policy.maxFailures)
        .where('window_ends_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (blocked) {
        throw new AppError('TOO_MANY_REQUESTS', undefined, {
          headers: { 'retry-after': String(Math.max(1, blocked.retryAfter)) },
        });
      }
      const outcome = await run();
      if ('success' in outcome) return outcome.success;
      if (outcome.counts) await this.#recordFailure(scope, subject);
      throw outcome.failure;
    });
  }

  async #recordFailure(scope: string, subject: string): Promise<void> {
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
