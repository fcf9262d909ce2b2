import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Records the audit entries a query yields, in one statement (one per imported license, decision
 * 061): the query names `entity`, `entity_id`, `action`, `actor` and `note`.
 */
export async function recordEntriesFrom(db: Kysely<DB>, source: RawBuilder<unknown>): Promise<void> {
  await sql`
    insert into audit_entry (entity, entity_id, action, actor, note)
    select entity, entity_id, action, actor, note from (${source}) as source`.execute(db);
}
