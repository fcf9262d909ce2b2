import { type Kysely, sql } from 'kysely';
import type {
  DB,
  NewUpgradeSessionRow,
  UpgradeSessionRow,
  UpgradeSessionRowUpdate,
} from '../../db/schema.ts';
import { listPage, type ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { UPGRADE_SESSION_LIST_ENTITY } from './list.ts';

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

  /** The next offer number: `ANG-2026-00042` (the year in Berlin, a number counting all offers). */
  async nextOfferNumber(db: Kysely<DB>): Promise<string> {
    const { rows } = await sql<{ number: string }>`
      select 'ANG-' || to_char(now() at time zone 'Europe/Berlin', 'YYYY') || '-'
        || lpad(nextval('upgrade_session_offer_number_seq')::text, 5, '0') as number
    `.execute(db);
    return rows[0]!.number;
  }

  async offerCodeTaken(code: string, db: Kysely<DB>): Promise<boolean> {
    const found = await db
      .selectFrom('upgrade_session')
      .select('id')
      .where('offer_code', '=', code)
      .executeTakeFirst();
    return found !== undefined;
  }

  /** The session of an offer code (compared exactly: codes are case-sensitive). */
  findByOfferCode(code: string): Promise<UpgradeSessionRow | undefined> {
    return this.#db
      .selectFrom('upgrade_session')
      .selectAll()
      .where('offer_code', '=', code)
      .executeTakeFirst();
  }

  /**
   * Expires offers past their date that were not ordered (of one session, or all); returns how many.
   * Its condition is that of the partial index `upgrade_session_offer_expiry_idx` (migration 009):
   * the lists run it before every page, and it reads only the offers still open.
   */
  async expireOffers(sessionId?: string): Promise<number> {
    let query = this.#db
      .updateTable('upgrade_session')
      .set({ status: 'expired', updated_at: sql<Date>`now()` })
      .where('status', '=', 'offered')
      .where('offer_valid_until', '<=', sql<Date>`now()`);
    if (sessionId) query = query.where('id', '=', sessionId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * A paid shop order names the session: it becomes `purchased` by that order, unless another
   * order bought it already (or it is past that). The order's buyer fills the session's billing
   * name and e-mail where the assistant asked for none (a cart handed to the shop without an offer,
   * a reseller's order): the back office then names who bought it. What the session has stays.
   */
  async markPurchased(
    id: string,
    orderId: string,
    db: Kysely<DB>,
    buyer: { name: string | null; email: string | null } = { name: null, email: null },
  ): Promise<void> {
    const missing = (key: 'name' | 'email', value: string | null) =>
      sql`case when coalesce(billing->>${key}, '') = '' then ${value || null}::text end`;
    await db
      .updateTable('upgrade_session')
      .set({
        status: 'purchased',
        order_id: orderId,
        billing: sql`billing || jsonb_strip_nulls(jsonb_build_object('name', ${missing('name', buyer.name)}, 'email', ${missing('email', buyer.email)}))`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('order_id', 'is', null)
      .where('status', 'in', ['created', 'offered', 'expired'])
      .execute();
  }

  /** The order generation of the session's order moves it on: `in-progress`, or `failed`. */
  async moveStatus(
    id: string,
    orderId: string,
    status: 'in-progress' | 'failed',
    db: Kysely<DB> = this.#db,
  ): Promise<void> {
    await db
      .updateTable('upgrade_session')
      .set({ status, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('order_id', '=', orderId)
      .where(
        'status',
        'in',
        status === 'in-progress' ? ['purchased', 'failed'] : ['purchased', 'in-progress'],
      )
      .execute();
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

  list(request: ListRequest): Promise<ListPage<UpgradeSessionRow>> {
    return listPage(this.#db, UPGRADE_SESSION_LIST_ENTITY, request);
  }
}
