import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction. Code that
 * may run inside a caller's transaction must use the handle it is given: on PGlite, the outer
 * handle waits for the transaction to end, forever.
 */
export function inTransaction<T>(db: Kysely<DB>, work: (transaction: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
