import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Hit numbers of one window a process may hand out without asking the database again. */
interface Lease {
  /** Local clock time the window ends. */
  resetsAt: number;
  next: number;
  last: number;
  /** The client's budget is spent in this window (no process gets more). */
  spent: boolean;
}

/** Leases are cleared of ended windows once this many clients are cached. */
const SWEEP_ABOVE = 10_000;
/** Ended windows are deleted from the database at most this often per process. */
const CLEANUP_INTERVAL_MS = 60_000;

/**
 * A store for @fastify/rate-limit that keeps the per-client budgets in the database, so every
 * server process on it enforces one limit together. A process leases a tenth of a client's
 * budget at a time (at least one hit) and counts it in memory: a sign-in costs a database write
 * only once per lease, and all processes together never hand out more than the limit.
 */
export function databaseClientLimitStore(db: Kysely<DB>): FastifyRateLimitStoreCtor {
  let lastCleanup = 0;

  class DatabaseClientLimitStore implements FastifyRateLimitStore {
    readonly #scope: string;
    readonly #leases = new Map<string, Lease>();
    readonly #renewing = new Map<string, Promise<void>>();

    constructor(_options: FastifyRateLimitOptions, scope = 'global') {
      this.#scope = scope;
    }

    /** Every limited route counts on its own, as @fastify/rate-limit's own stores do. */
    child(routeOptions: {
      method?: unknown;
      url?: unknown;
      routeInfo?: { method?: unknown; url?: unknown };
    }) {
      const route = routeOptions.routeInfo ?? routeOptions;
      return new DatabaseClientLimitStore({}, `${String(route.method)} ${String(route.url)}`);
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ): void {
      this.#hit(`${this.#scope}|${key}`, timeWindow, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    async #hit(key: string, timeWindow: number, max: number): Promise<{ current: number; ttl: number }> {
      for (;;) {
        const lease = this.#leases.get(key);
        const now = Date.now();
        if (lease && lease.resetsAt > now) {
          if (lease.next <= lease.last) return { current: lease.next++, ttl: lease.resetsAt - now };
          if (lease.spent) return { current: max + 1, ttl: lease.resetsAt - now };
        }
        await this.#renewOnce(key, timeWindow, max);
      }
    }

    /** One lease request per client at a time; parallel requests wait for it. */
    #renewOnce(key: string, timeWindow: number, max: number): Promise<void> {
      let renewing = this.#renewing.get(key);
      if (!renewing) {
        renewing = this.#renew(key, timeWindow, max).finally(() => this.#renewing.delete(key));
        this.#renewing.set(key, renewing);
      }
      return renewing;
    }

    async #renew(key: string, timeWindow: number, max: number): Promise<void> {
      const share = sql`${Math.max(1, Math.floor(max / 10))}::int`;
      const limit = sql`${max}::int`;
      const ended = sql`r.resets_at <= now()`;
      const granted = sql`(case when ${ended} then 0 else r.granted end)`;
      const resetsAt = sql`now() + make_interval(secs => ${timeWindow / 1000}::float8)`;
      const { rows } = await sql<{ granted: number; last_lease: number; ttl: number }>`
        insert into client_rate_limit as r (key, granted, last_lease, resets_at)
        values (${key}, least(${share}, ${limit}), least(${share}, ${limit}), ${resetsAt})
        on conflict (key) do update set
          granted = least(${granted} + ${share}, ${limit}),
          last_lease = least(${granted} + ${share}, ${limit}) - ${granted},
          resets_at = case when ${ended} then ${resetsAt} else r.resets_at end
        returning granted, last_lease, ceil(extract(epoch from resets_at - now()) * 1000)::int as ttl
      `.execute(db);
      const row = rows[0]!;
      this.#sweep();
      this.#leases.set(key, {
        resetsAt: Date.now() + row.ttl,
        next: row.granted - row.last_lease + 1,
        last: row.granted,
        spent: row.granted >= max,
      });
      await this.#cleanUp();
    }

    #sweep(): void {
      if (this.#leases.size < SWEEP_ABOVE) return;
      const now = Date.now();
      for (const [key, lease] of this.#leases) if (lease.resetsAt <= now) this.#leases.delete(key);
    }

    async #cleanUp(): Promise<void> {
      if (Date.now() - lastCleanup < CLEANUP_INTERVAL_MS) return;
      lastCleanup = Date.now();
      await db
        .deleteFrom('client_rate_limit')
        .where('resets_at', '<', sql<Date>`now()`)
        .execute();
    }
  }
  return DatabaseClientLimitStore;
}

/**
 * The retention job's batch (decision 064): at most `limit` counters of windows over before
 * `now`, deleted (they hold the client's address). How many went.
 */
export async function deleteEndedClientLimits(db: Kysely<DB>, now: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from client_rate_limit where key in (
      select key from client_rate_limit where resets_at < ${now} limit ${limit} for update skip locked
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
