import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRow, LicenseRowUpdate } from '../db/schema.ts';

/**
 * A test's license in a state it sets up, written straight into the table as the demo seed writes
 * its licenses' later states: a fixture, not a module's write (decision 069; the modules change a
 * license through `LicenseService`).
 */
export function setLicenseRow(
  db: Kysely<DB>,
  id: string,
  changes: LicenseRowUpdate,
): Promise<LicenseRow | undefined> {
  return db
    .updateTable('license')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
