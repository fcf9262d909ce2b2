import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB, LicenseRow } from '../../db/schema.ts';

/** The license's columns that point at its documents (which kind is which: the documents module's kinds). */
export type LicenseDocumentColumn = 'starter_document' | 'license_document';

/**
 * A license row's version: JavaScript dates stop at milliseconds, compared as text it keeps every
 * digit. The documents module reads a license at this version and stores its document only if
 * the license is still there.
 */
export const licenseRowVersion = (): RawBuilder<string> => sql<string>`extract(epoch from updated_at)::text`;

/**
 * Points the license's `column` at its stored document (the documents module's `point`), if the
 * license is still at `version`, the one the document was rendered from: undefined when it moved on.
 */
export function pointLicenseDocument(
  transaction: Kysely<DB>,
  license: { id: string; version: string | null },
  column: LicenseDocumentColumn,
  key: string,
): Promise<LicenseRow | undefined> {
  return transaction
    .updateTable('license')
    .set((eb) => ({ [column]: key, updated_at: eb.fn<Date>('now') }))
    .where('id', '=', license.id)
    .where(licenseRowVersion(), '=', license.version)
    .returningAll()
    .executeTakeFirst();
}
