import type { Kysely } from 'kysely';
import type { AuditEntryRow, DB } from '../../db/schema.ts';

export interface NewAuditEntry {
  entity: AuditEntryRow['entity'];
  entityId: string;
  action: string;
  actor: string;
  changes: readonly { field: string; before: unknown; after: unknown }[];
}

/** Data access for the audit trail: entries are only ever added and read. */
export class AuditRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Adds an entry; pass the transaction of the change it records. */
  async insert(entry: NewAuditEntry, db: Kysely<DB> = this.#db): Promise<void> {
    await db
      .insertInto('audit_entry')
      .values({
        entity: entry.entity,
        entity_id: entry.entityId,
        action: entry.action,
        actor: entry.actor,
        changes: JSON.stringify(entry.changes),
      })
      .execute();
  }

  /** The entries about one record, newest first. */
  forEntity(entity: AuditEntryRow['entity'], entityId: string): Promise<AuditEntryRow[]> {
    return this.#db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }
}
