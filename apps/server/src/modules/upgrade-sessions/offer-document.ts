import type { Kysely } from 'kysely';
import type { DB, UpgradeSessionRow } from '../../db/schema.ts';

/**
 * Points the session at its stored offer PDF (the documents module's `point`), unless another
 * rendering stored one first (`expected`, the key read before rendering): undefined then, and
 * that one is kept — the same offer.
 */
export function pointOfferDocument(
  transaction: Kysely<DB>,
  session: { id: string; expected: string | null },
  key: string,
): Promise<UpgradeSessionRow | undefined> {
  return transaction
    .updateTable('upgrade_session')
    .set((eb) => ({ offer_document: key, updated_at: eb.fn<Date>('now') }))
    .where('id', '=', session.id)
    .where('offer_document', 'is not distinct from', session.expected)
    .returningAll()
    .executeTakeFirst();
}
