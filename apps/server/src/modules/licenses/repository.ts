import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRow, LicenseRowUpdate, NewLicenseRow } from '../../db/schema.ts';
import type { ListRequest } from '../../http/list-query.ts';

/** Data access for licenses; every query of the module lives here. */
export class LicenseRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  findById(id: string, db: Kysely<DB> = this.#db): Promise<LicenseRow | undefined> {
    return db.selectFrom('license').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByKey(key: string): Promise<LicenseRow | undefined> {
    return this.#db.selectFrom('license').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Inserts licenses; rows whose key is already taken are skipped and not returned. */
  insertMany(rows: NewLicenseRow[], db: Kysely<DB> = this.#db): Promise<LicenseRow[]> {
    return db
      .insertInto('license')
      .values(rows)
      .onConflict((conflict) => conflict.column('key').doNothing())
      .returningAll()
      .execute();
  }

  update(id: string, changes: LicenseRowUpdate, db: Kysely<DB> = this.#db): Promise<LicenseRow | undefined> {
    return db
      .updateTable('license')
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** One page of licenses and the number of all that match the filters. */
  async list(request: ListRequest): Promise<{ rows: LicenseRow[]; total: number }> {
    const matching = this.#db
      .selectFrom('license')
      .$if(request.where !== undefined, (query) => query.where(request.where!));
    const { total } = await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
    let page = matching.selectAll().offset(request.skip);
    for (const { column, direction } of request.orderBy) page = page.orderBy(sql.ref(column), direction);
    if (request.limit !== undefined) page = page.limit(request.limit);
    return { rows: await page.execute(), total };
  }

  /** Whether a license id exists (for references such as `updatedToLicense`). */
  async exists(id: string, db: Kysely<DB> = this.#db): Promise<boolean> {
    const row = await db.selectFrom('license').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
