import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { AuditChange } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';

/**
 * The erasure of a person's data (decision 064) in their audit entries: each keeps what was done,
 * to which field, when and by whom; the values go. How many it changed.
 */
export async function eraseAuditValues(transaction: Kysely<DB>, ids: readonly string[]): Promise<number> {
  const result = await sql`
    update audit_entry set note = null, changes = (
      select coalesce(jsonb_agg(jsonb_build_object('field', change -> 'field', 'before', null, 'after', null)), '[]')
      from jsonb_array_elements(changes) change
    )
    where id = any(${ids}::uuid[])
      and jsonb_path_exists(changes, '$[*] ? (@.before != null || @.after != null)')`.execute(transaction);
  return Number(result.numAffectedRows ?? 0);
}

/** The erasure's own record, naming no one: what kinds went, how many, who did it, when. */
export async function recordErasure(
  transaction: Kysely<DB>,
  actor: string,
  changes: readonly AuditChange[],
): Promise<void> {
  await transaction
    .insertInto('audit_entry')
    .values({
      entity: 'erasure',
      entity_id: randomUUID(),
      action: 'personal-data-erased',
      actor,
      changes: JSON.stringify(changes),
    })
    .execute();
}

/** The retention job's batch (decision 064): at most `limit` entries made before `cutoff`, deleted. How many went. */
export async function deleteAuditEntriesBefore(db: Kysely<DB>, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from audit_entry where id in (
      select id from audit_entry where created_at < ${cutoff}
      order by created_at limit ${limit} for update skip locked
    )
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
