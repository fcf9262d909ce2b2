import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ClientPseudonyms } from '../../lib/client-pseudonyms.ts';

/**
 * The retention job's batches over the sign-in throttle's counters (decision 064): what the
 * throttle forgot is deleted, and counters an earlier release wrote with the client's address
 * are given its pseudonym. Each returns how many rows it changed.
 */
export const throttleRetention = {
  /** At most `limit` clients' counters forgotten before `now`, deleted. */
  async deleteForgottenClients(db: Kysely<DB>, now: Date, limit: number): Promise<number> {
    const result = await sql`
      delete from auth_throttle_client where (scope, subject, client) in (
        select scope, subject, client from auth_throttle_client where expires_at < ${now}
        limit ${limit} for update skip locked
      )
    `.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },

  /** The subjects' gates forgotten before `now` (they name no client), deleted. */
  async deleteForgottenSubjects(db: Kysely<DB>, now: Date): Promise<void> {
    await sql`delete from auth_throttle_subject where expires_at < ${now}`.execute(db);
  },

  /** At most `limit` counters that stored the address, merged into the pseudonym's counter. */
  async pseudonymizeClients(db: Kysely<DB>, pseudonyms: ClientPseudonyms, limit: number): Promise<number> {
    return db.transaction().execute(async (transaction) => {
      const { rows } = await sql<{ scope: string; subject: string; client: string }>`
        select scope, subject, client from auth_throttle_client
        where client not like 'p:%'
        limit ${limit} for update skip locked
      `.execute(transaction);
      for (const { scope, subject, client } of rows) {
        const pseudonym = pseudonyms.of(client);
        await sql`
          with old as (
            delete from auth_throttle_client
            where scope = ${scope} and subject = ${subject} and client = ${client}
            returning failures, retry_at, expires_at
          )
          insert into auth_throttle_client as c (scope, subject, client, failures, retry_at, expires_at)
          select ${scope}, ${subject}, ${pseudonym}, failures, retry_at, expires_at from old
          on conflict (scope, subject, client) do update set
            failures = greatest(c.failures, excluded.failures),
            retry_at = greatest(c.retry_at, excluded.retry_at),
            expires_at = greatest(c.expires_at, excluded.expires_at)
        `.execute(transaction);
      }
      return rows.length;
    });
  },
};
