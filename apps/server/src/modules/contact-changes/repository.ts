import { type Kysely, sql } from 'kysely';
import type { DB, HolderContactChangeTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type ContactChangeRow = Selectable<HolderContactChangeTable>;

/** The holders' contact changes waiting for their link (table `holder_contact_change`, migration 023). */
export class ContactChangeRepository {
  /**
   * Records a new change of the license, valid until `expiresAt`; a change still waiting is
   * replaced (its link is refused from now on), so only the newest request can take effect.
   */
  async replacePending(
    transaction: Kysely<DB>,
    change: { license: string; contact: string | null; email: string; expiresAt: Date },
  ): Promise<ContactChangeRow> {
    await transaction
      .updateTable('holder_contact_change')
      .set({ replaced_at: sql<Date>`now()` })
      .where('license', '=', change.license)
      .where('confirmed_at', 'is', null)
      .where('replaced_at', 'is', null)
      .execute();
    return transaction
      .insertInto('holder_contact_change')
      .values({
        license: change.license,
        contact: change.contact,
        email: change.email,
        expires_at: change.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The change, locked until the transaction ends when `forUpdate` (its confirmation). */
  find(db: Kysely<DB>, id: string, forUpdate = false): Promise<ContactChangeRow | undefined> {
    const query = db.selectFrom('holder_contact_change').selectAll().where('id', '=', id);
    return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
  }

  async markConfirmed(transaction: Kysely<DB>, id: string): Promise<void> {
    await transaction
      .updateTable('holder_contact_change')
      .set({ confirmed_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }
}
