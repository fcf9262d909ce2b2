import type { Kysely } from 'kysely';
import {
  backOfficeMessages,
  type AuditAction,
  type AuditChange,
  type AuditEntity,
  type AuditEntry,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import type { Principal } from '../../http/principal.ts';
import { AuditRepository } from './repository.ts';

/** Who made a change, as the audit trail names them: the admin's user name. */
/** Who changed something without signing in: the portal itself, acting on the shop's word (decision 066). */
export interface AutomaticActor {
  type: 'automatic';
  name: string;
}

function actorOf(principal: Principal | AutomaticActor): string {
  if (principal.type === 'automatic') return principal.name;
  return principal.type === 'admin' ? principal.name : backOfficeMessages.licenseActor(principal.licenseId);
}

/**
 * The audit trail of the back office: every admin change is recorded with who, when and each
 * field's value before and after, in the transaction of the change itself.
 */
export class AuditLog {
  readonly repository: AuditRepository;

  constructor(db: Kysely<DB>) {
    this.repository = new AuditRepository(db);
  }

  /** Records a change; `transaction` is the change's own, so both commit or neither does. */
  record(
    transaction: Kysely<DB>,
    entry: {
      entity: AuditEntity;
      entityId: string;
      action: AuditAction;
      principal: Principal | AutomaticActor;
      changes?: readonly AuditChange[];
    },
  ): Promise<void> {
    return this.repository.insert(
      {
        entity: entry.entity,
        entityId: entry.entityId,
        action: entry.action,
        actor: actorOf(entry.principal),
        changes: entry.changes ?? [],
      },
      transaction,
    );
  }

  async forEntity(entity: AuditEntity, entityId: string): Promise<AuditEntry[]> {
    const rows = await this.repository.forEntity(entity, entityId);
    return rows.map((row) => ({
      _id: row.id,
      // Rows of the entity asked for: never an erasure's.
      entity: row.entity as AuditEntity,
      entityId: row.entity_id,
      action: row.action as AuditAction,
      actor: row.actor,
      changes: row.changes as AuditChange[],
      note: row.note,
      createdAt: row.created_at.toISOString(),
    }));
  }
}

/**
 * The fields that differ between two versions of a record, in dotted names (`holder.name`);
 * lists and scalars are compared by value. Fields in `ignore` (timestamps, revisions) are skipped.
 * An object missing on one side (a record just created: `before` is `{}`) is compared field by
 * field, so its entry lists each value rather than the object as a whole.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  ignore: readonly string[] = [],
): AuditChange[] {
  const changes: AuditChange[] = [];
  const walk = (left: unknown, right: unknown, path: string) => {
    if (ignore.includes(path)) return;
    if ((isPlainObject(left) || isPlainObject(right)) && isObjectOrAbsent(left) && isObjectOrAbsent(right)) {
      const leftObject = left ?? {};
      const rightObject = right ?? {};
      for (const key of new Set([...Object.keys(leftObject), ...Object.keys(rightObject)])) {
        walk(leftObject[key], rightObject[key], path ? `${path}.${key}` : key);
      }
      return;
    }
    if (JSON.stringify(left ?? null) !== JSON.stringify(right ?? null)) {
      changes.push({ field: path, before: left ?? null, after: right ?? null });
    }
  };
  walk(before, after, '');
  return changes;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isObjectOrAbsent(value: unknown): value is Record<string, unknown> | null | undefined {
  return value === null || value === undefined || isPlainObject(value);
}
