import { type Kysely, sql } from 'kysely';
import type { DB, DeliveryRow, NewDeliveryRow } from '../../db/schema.ts';
import type { ListRequest } from '../../http/list-query.ts';
import { listPage } from '../../db/list-page.ts';

export class DeliveryRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  insert(row: NewDeliveryRow, db: Kysely<DB> = this.#db): Promise<DeliveryRow> {
    return db.insertInto('delivery').values(row).returningAll().executeTakeFirstOrThrow();
  }

  findById(id: string): Promise<DeliveryRow | undefined> {
    return this.#db.selectFrom('delivery').selectAll().where('id', '=', id).executeTakeFirst();
  }

  forLicense(licenseId: string): Promise<DeliveryRow[]> {
    return this.#db
      .selectFrom('delivery')
      .selectAll()
      .where(sql<boolean>`licenses @> array[${licenseId}]::uuid[]`)
      .orderBy('created_at', 'desc')
      .execute();
  }

  forOrderGeneration(orderGenerationId: string): Promise<DeliveryRow[]> {
    return this.#db
      .selectFrom('delivery')
      .selectAll()
      .where('order_generation', '=', orderGenerationId)
      .orderBy('created_at', 'desc')
      .execute();
  }

  async orderGenerationExists(id: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('order_generation')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  list(request: ListRequest): Promise<{ rows: DeliveryRow[]; total: number }> {
    return listPage(this.#db, 'delivery', request);
  }

  /** Serializes work on one recipient address until the transaction ends (any process). */
  async lockRecipient(recipient: string, transaction: Kysely<DB>): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext(lower(${recipient})))`.execute(transaction);
  }

  /** Recovery mails sent to the address within the last hour (a limit against mail bombing). */
  async recentRecoveries(recipient: string, db: Kysely<DB> = this.#db): Promise<number> {
    const { count } = await db
      .selectFrom('delivery')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('occasion', '=', 'recovery')
      .where(sql<boolean>`lower(recipient) = lower(${recipient})`)
      .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return count;
  }

  async markSent(id: string, documents: string[]): Promise<void> {
    await this.#db
      .updateTable('delivery')
      .set({
        progress: 'completed',
        documents,
        error: null,
        sent_at: sql<Date>`now()`,
        attempts: sql<number>`attempts + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async recordFailedAttempt(id: string, error: string): Promise<void> {
    await this.#db
      .updateTable('delivery')
      .set({ error, attempts: sql<number>`attempts + 1`, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Gives up on a delivery still in progress (after the last retry); keeps its last error. */
  async markFailed(id: string, fallbackError: string): Promise<void> {
    await this.#db
      .updateTable('delivery')
      .set({
        progress: 'failed',
        error: sql<string>`coalesce(error, ${fallbackError})`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .where('progress', '=', 'in-progress')
      .execute();
  }
}
