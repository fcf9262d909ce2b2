import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { KeyedMutex } from '../../lib/keyed-mutex.ts';
import { clientGroup } from '../../http/client-group.ts';
import type { ClientPseudonyms } from '../../lib/client-pseudonyms.ts';

export interface ThrottlePolicy {
  /** Failures per subject and client that cost no waiting. */
  freeFailures: number;
  /** The longest wait, per client and per subject (the first is one minute, each next one twice as long). */
  maxDelayMinutes: number;
  /** Failures are forgotten this long after a client's (a subject's) last one. */
  retentionDays: number;
}

/** Decision 003 has the arithmetic: guessing a start code takes years, the holder waits at most a minute. */
export const SIGN_IN_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  maxDelayMinutes: 24 * 60,
  retentionDays: 365,
};

/** What is guessed: a license's code (by key), an admin's password (by name), offer codes (by client). */
export type ThrottleScope = 'license' | 'admin' | 'offer-code';

/**
 * The client's counter on one subject, to read in the same query as the account itself: `join`
 * follows the query's from clause (one probe of the client counters), `columns` selects
 * `throttle_failures`.
 */
export interface ThrottleJoin {
  join: RawBuilder<unknown>;
  columns: RawBuilder<ThrottleState>;
}

/**
 * What a sign-in query joins the client's counter with: called with the subject as SQL (e.g. the
 * row's own key), it writes this attempt's scope and client into the join as values; `on` writes
 * the same join from placeholders, for a statement compiled once (`executeNamedStatement`) that
 * passes `scope` and `client` as its parameters.
 */
export interface ThrottleCounter {
  (subject: RawBuilder<string>): ThrottleJoin;
  scope: ThrottleScope;
  /** The client's pseudonym. */
  client: string;
  on(placeholders: {
    subject: RawBuilder<string>;
    scope: RawBuilder<string>;
    client: RawBuilder<string>;
  }): ThrottleJoin;
}

/** The row a sign-in query returns for the throttle. */
export interface ThrottleState {
  /** The client's counted failures on the subject (0 for a fresh client). */
  throttle_failures: number;
}

/** A failed guess, on its way from a sign-in's check to the throttle that counts it. */
class CountedFailure {
  readonly error: AppError;
  constructor(error: AppError) {
    this.error = error;
  }
}

/** One sign-in attempt, as `SignInThrottle.attempt` runs it. */
export interface SignInAttempt<State extends ThrottleState, T> {
  scope: ThrottleScope;
  /** What is guessed: a license key, an admin name's one spelling, or one subject for all (offer codes). */
  subject: string;
  /** The client's address. */
  address: string;
  /**
   * Whose attempts wait for each other: the subject's (parallel guesses on one key are counted
   * one by one), or the client's where the subject is one for all.
   */
  onePer?: 'subject' | 'client';
  /**
   * Reads the account with the client's counter on the subject joined to it, in one query:
   * `counter(subject)` is the join (the subject as SQL, e.g. the row's own key). Throws for an
   * account that does not exist where that is no counted failure.
   */
  load: (counter: ThrottleCounter) => Promise<State>;
  /**
   * Checks the credentials and answers the success; `fail(error)` ends a wrong guess, which the
   * throttle counts. What it throws otherwise is a refusal that is no guess (a disabled license).
   */
  check: (state: State, fail: (error: AppError) => never) => Promise<T>;
}

/**
 * Slows down failed sign-ins (decision 003). Per subject (a license key, an admin name) and client
 * group (an IPv4 address, an IPv6 /56), the first failures are free, then the client waits 1, 2,
 * 4 … minutes after each. Per subject, clients in slow-down also share one gate that widens the
 * same way with every failure they make, so many addresses do not multiply the guessing rate. A
 * client without failures on the subject is never refused: nobody can lock the rightful holder out.
 *
 * Counters live in the database (shared by processes, kept across restarts). Attempts on one
 * subject run one at a time in this process, so parallel guesses are counted one by one.
 */
export class SignInThrottle {
  readonly #db: Kysely<DB>;
  readonly #policy: ThrottlePolicy;
  readonly #serial = new KeyedMutex();
  readonly #onRefusal: (scope: ThrottleScope) => void;
  readonly #pseudonyms: ClientPseudonyms;

  /**
   * `pseudonyms` name the clients in the counters (no address is stored, decision 064);
   * `onRefusal` learns of every attempt refused (the metrics count them).
   */
  constructor(
    db: Kysely<DB>,
    {
      pseudonyms,
      policy = SIGN_IN_POLICY,
      onRefusal = () => {},
    }: {
      pseudonyms: ClientPseudonyms;
      policy?: ThrottlePolicy;
      onRefusal?: (scope: ThrottleScope) => void;
    },
  ) {
    this.#db = db;
    this.#policy = policy;
    this.#onRefusal = onRefusal;
    this.#pseudonyms = pseudonyms;
  }

  /**
   * Runs one sign-in attempt: reads the account with the client's counter, refuses (429) a client
   * that must still wait, checks the credentials, then counts a failure or forgets the client's
   * failures on a success. Every sign-in of the portal (licenses, admins, offer codes) is one call.
   */
  attempt<State extends ThrottleState, T>(attempt: SignInAttempt<State, T>): Promise<T> {
    const { scope, subject } = attempt;
    // The pseudonym of the address' group (IPv6 clients get a /56 each, so one network counts once).
    const client = this.#pseudonyms.of(clientGroup(attempt.address));
    const serialKey = attempt.onePer === 'client' ? client : subject;
    return this.#serial.run(`${scope}:${serialKey}`, async () => {
      const counter = Object.assign(
        (subject: RawBuilder<string>) =>
          counterJoin({ subject, scope: sql.val(scope), client: sql.val(client) }),
        { scope, client, on: counterJoin },
      );
      const state = await attempt.load(counter);
      await this.#assertMayTry(scope, subject, client, state);
      let succeeded: T;
      try {
        succeeded = await attempt.check(state, (error) => {
          throw new CountedFailure(error);
        });
      } catch (thrown) {
        if (!(thrown instanceof CountedFailure)) throw thrown;
        await this.#recordFailure(scope, subject, client);
        throw thrown.error;
      }
      if (state.throttle_failures > 0) await this.#clear(scope, subject, client);
      return succeeded;
    });
  }

  /**
   * Refuses (429) a client that must still wait. Only a client in slow-down — one that has used
   * up its free failures, the only kind with a wait — can be refused: just then its own wait and
   * the subject's shared gate are read, so an ordinary sign-in costs no second query.
   */
  async #assertMayTry(scope: ThrottleScope, subject: string, client: string, state: ThrottleState) {
    if (state.throttle_failures < Math.max(1, this.#policy.freeFailures)) return;
    const until = sql`greatest(c.retry_at, s.retry_at)`;
    const { rows } = await sql<{ retry_after: number }>`
      select ceil(extract(epoch from ${until} - now()))::int as retry_after
      from auth_throttle_client c
      left join auth_throttle_subject s
        on s.scope = c.scope and s.subject = c.subject and s.expires_at > now()
      where c.scope = ${scope} and c.subject = ${subject} and c.client = ${client}
        and c.expires_at > now() and c.failures >= ${this.#policy.freeFailures} and ${until} > now()
    `.execute(this.#db);
    if (!rows[0]) return;
    this.#onRefusal(scope);
    throw this.#blocked(rows[0].retry_after);
  }

  /** The 429 for a client that must wait. */
  #blocked(retryAfterSeconds: number): AppError {
    return new AppError('TOO_MANY_REQUESTS', undefined, {
      headers: { 'retry-after': String(Math.max(1, retryAfterSeconds)) },
    });
  }

  /**
   * Counts a failure of the client, and of the subject when the client was already in slow-down;
   * counters forgotten long ago are deleted on the way (failures are rare).
   */
  async #recordFailure(scope: ThrottleScope, subject: string, client: string): Promise<void> {
    const { freeFailures, retentionDays } = this.#policy;
    await sql`
      with forgotten as (delete from auth_throttle_client where expires_at < now())
      delete from auth_throttle_subject where expires_at < now()
    `.execute(this.#db);
    const clientFailures = sql`(case when c.expires_at <= now() then 1 else c.failures + 1 end)`;
    const subjectFailures = sql`(case when s.expires_at <= now() then 1 else s.failures + 1 end)`;
    const expires = sql`now() + make_interval(days => ${retentionDays})`;
    await sql`
      with counted as (
        insert into auth_throttle_client as c (scope, subject, client, failures, retry_at, expires_at)
        values (${scope}, ${subject}, ${client}, 1, ${this.#clientRetry(sql`1`)}, ${expires})
        on conflict (scope, subject, client) do update set
          failures = ${clientFailures},
          retry_at = ${this.#clientRetry(clientFailures)},
          expires_at = ${expires}
        returning failures
      )
      insert into auth_throttle_subject as s (scope, subject, failures, retry_at, expires_at)
      select ${scope}, ${subject}, 1, ${this.#after(sql`1`)}, ${expires}
      from counted where counted.failures > ${freeFailures}
      on conflict (scope, subject) do update set
        failures = ${subjectFailures},
        retry_at = ${this.#after(subjectFailures)},
        expires_at = ${expires}
    `.execute(this.#db);
  }

  /** Forgets the client's failures on the subject once it signed in. */
  async #clear(scope: ThrottleScope, subject: string, client: string): Promise<void> {
    await this.#db
      .deleteFrom('auth_throttle_client')
      .where('scope', '=', scope)
      .where('subject', '=', subject)
      .where('client', '=', client)
      .execute();
  }

  /** A client's next try after its n-th failure: free ones none, then 1, 2, 4 … minutes. */
  #clientRetry(failures: RawBuilder<unknown>): RawBuilder<Date | null> {
    const beyondFree = sql`${failures} - ${this.#policy.freeFailures}`;
    return sql`case when ${beyondFree} >= 0 then ${this.#after(sql`${beyondFree} + 1`)} end`;
  }

  /** now() plus the doubling delay for the n-th delayed failure (n ≥ 1): 1, 2, 4 … minutes, capped. */
  #after(nth: RawBuilder<unknown>): RawBuilder<Date> {
    // The exponent is capped too: power() must not overflow for a subject failing for years.
    return sql`now() + make_interval(mins => least(power(2, least(${nth} - 1, 30)), ${this.#policy.maxDelayMinutes})::int)`;
  }
}

/**
 * SQL for the client's failures on the subject, to join to the account's row: a sign-in stays one
 * query. A client without a counter row reads as no failures.
 */
function counterJoin({
  subject,
  scope,
  client,
}: {
  subject: RawBuilder<string>;
  scope: RawBuilder<string>;
  client: RawBuilder<string>;
}): ThrottleJoin {
  return {
    join: sql`left join auth_throttle_client as throttle on throttle.scope = ${scope}
      and throttle.subject = ${subject} and throttle.client = ${client} and throttle.expires_at > now()`,
    columns: sql<ThrottleState>`coalesce(throttle.failures, 0) as throttle_failures`,
  };
}
