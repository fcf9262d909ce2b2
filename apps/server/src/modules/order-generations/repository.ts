import { type Kysely, sql } from 'kysely';
import type { DB, NewOrderGenerationRow, OrderGenerationRow } from '../../db/schema.ts';
import { listPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { ORDER_GENERATION_LIST } from './list.ts';

/** Data access for order generations; every query of the table lives here. */
export class OrderGenerationRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  insert(row: NewOrderGenerationRow, db: Kysely<DB> = this.#db): Promise<OrderGenerationRow> {
    return db.insertInto('order_generation').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findById(id: string): Promise<OrderGenerationRow | undefined> {
    return this.#db.selectFrom('order_generation').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async exists(id: string): Promise<boolean> {
    return (
      (await this.#db.selectFrom('order_generation').select('id').where('id', '=', id).executeTakeFirst()) !==
      undefined
    );
  }

  /** The order generations that created or changed a license, newest first. */
  forLicense(licenseId: string): Promise<OrderGenerationRow[]> {
    return this.#db
      .selectFrom('order_generation')
      .selectAll()
      .where(sql<boolean>`licenses @> array[${licenseId}]::uuid[]`)
      .orderBy('created_at', 'desc')
      .execute();
  }

  list(request: ListRequest): Promise<{ rows: OrderGenerationRow[]; total: number }> {
    return listPage(this.#db, ORDER_GENERATION_LIST, request);
  }
}
