import { type Kysely, sql } from 'kysely';
import type {
  DB,
  NewUpgradeSessionRow,
  UpgradeSessionRow,
  UpgradeSessionRowUpdate,
} from '../../db/schema.ts';
import { listPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { UPGRADE_SESSION_LIST } from './list.ts';

/** A JSON value for a `jsonb` column (the `pg` driver would write a JavaScript array as a SQL array). */
export function json(value: unknown) {
  return sql<unknown>`cast(${JSON.stringify(value)} as jsonb)`;
}

/** Data access for upgrade sessions; every query of the table lives here. */
export class UpgradeSessionRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  insert(row: NewUpgradeSessionRow, db: Kysely<DB> = this.#db): Promise<UpgradeSessionRow> {
    return db.insertInto('upgrade_session').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findById(id: string, db: Kysely<DB> = this.#db): Promise<UpgradeSessionRow | undefined> {
    return db.selectFrom('upgrade_session').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The session, locked until the end of the transaction `db` (changes to one session queue up). */
  findForUpdate(id: string, db: Kysely<DB>): Promise<UpgradeSessionRow | undefined> {
    return db.selectFrom('upgrade_session').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  update(
    id: string,
    changes: UpgradeSessionRowUpdate,
    db: Kysely<DB> = this.#db,
  ): Promise<UpgradeSessionRow> {
    return db
      .updateTable('upgrade_session')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The sessions that name a license among their original licenses or produced it, newest first. */
  forLicense(licenseId: string): Promise<UpgradeSessionRow[]> {
    return this.#db
      .selectFrom('upgrade_session')
      .selectAll()
      .where(sql<boolean>`original_licenses @> array[${licenseId}]::uuid[] or product_license = ${licenseId}`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  list(request: ListRequest): Promise<{ rows: UpgradeSessionRow[]; total: number }> {
    return listPage(this.#db, UPGRADE_SESSION_LIST, request);
  }
}
