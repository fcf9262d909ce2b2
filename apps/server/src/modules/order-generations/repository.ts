import { type Kysely, sql } from 'kysely';
import type { OrderRefund, RefundState, Withdrawal } from '@lizenzportal/domain';
import type { DB, NewOrderGenerationRow, OrderGenerationRow } from '../../db/schema.ts';
import { listPage, type ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { ORDER_GENERATION_LIST_ENTITY } from './list.ts';

/** Data access for order generations; every query of the table lives here. */
export class OrderGenerationRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  insert(row: NewOrderGenerationRow, db: Kysely<DB> = this.#db): Promise<OrderGenerationRow> {
    return db.insertInto('order_generation').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /**
   * Inserts the generation of a shop order unless one exists for its number (the unique order
   * number decides between concurrent inserts): the new row, or undefined.
   */
  insertIfNew(
    row: NewOrderGenerationRow,
    db: Kysely<DB> = this.#db,
  ): Promise<OrderGenerationRow | undefined> {
    return db
      .insertInto('order_generation')
      .values(row)
      .onConflict((conflict) => conflict.column('order_number').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  findById(id: string, db: Kysely<DB> = this.#db): Promise<OrderGenerationRow | undefined> {
    return db.selectFrom('order_generation').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByOrderNumber(orderNumber: string, db: Kysely<DB> = this.#db): Promise<OrderGenerationRow | undefined> {
    return db
      .selectFrom('order_generation')
      .selectAll()
      .where('order_number', '=', orderNumber)
      .executeTakeFirst();
  }

  /** The generation, locked until the transaction ends: one job at a time works on it. */
  lock(id: string, transaction: Kysely<DB>): Promise<OrderGenerationRow | undefined> {
    return transaction
      .selectFrom('order_generation')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Marks an in-progress generation completed with the licenses it created or changed (none for
   * an order withdrawn before it ran), and what its refunds leave staff to do.
   */
  async complete(
    id: string,
    licenses: string[],
    transaction: Kysely<DB>,
    withdrawal: Withdrawal | null = null,
  ): Promise<void> {
    await transaction
      .updateTable('order_generation')
      .set({ progress: 'completed', licenses, error: null, withdrawal, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('progress', '=', 'in-progress')
      .execute();
  }

  /**
   * Marks an in-progress generation failed with the reason (and, for a second payment of a
   * session, the order that paid it first); false when it was not in progress.
   */
  async fail(
    id: string,
    error: string,
    db: Kysely<DB> = this.#db,
    paidTwiceFor: string | null = null,
  ): Promise<boolean> {
    const result = await db
      .updateTable('order_generation')
      .set({ progress: 'failed', error, paid_twice_for: paidTwiceFor, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('progress', '=', 'in-progress')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Puts a failed generation back in progress (its error cleared); undefined if it was not failed. */
  restartFailed(id: string, transaction: Kysely<DB>): Promise<OrderGenerationRow | undefined> {
    return transaction
      .updateTable('order_generation')
      .set({ progress: 'in-progress', error: null, paid_twice_for: null, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('progress', '=', 'failed')
      .returningAll()
      .executeTakeFirst();
  }

  /** Stores what the shop said about the order's money going back, and what staff still have to do. */
  async recordRefunds(
    id: string,
    state: RefundState,
    withdrawal: Withdrawal | null,
    transaction: Kysely<DB>,
  ): Promise<void> {
    await transaction
      .updateTable('order_generation')
      .set({
        refunds: JSON.stringify(state.refunds),
        withdrawn_status: state.withdrawnStatus,
        withdrawn_at: state.withdrawnAt === null ? null : new Date(state.withdrawnAt),
        withdrawal,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Stores the refunds with the lines fetched from the shop (decision 066) and why lines are
   * missing (null: none is); the refunds themselves are the intake's, so only lines change.
   */
  async recordRefundLines(
    id: string,
    refunds: readonly OrderRefund[],
    problem: string | null,
    transaction: Kysely<DB>,
  ): Promise<void> {
    await transaction
      .updateTable('order_generation')
      .set({ refunds: JSON.stringify(refunds), refund_lines_problem: problem, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Says on the generation why the lines of its refunds could not be fetched (German, for staff). */
  async setRefundLinesProblem(id: string, problem: string): Promise<void> {
    await this.#db
      .updateTable('order_generation')
      .set({ refund_lines_problem: problem, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Sets what staff still have to do about the order's refunds. */
  async setWithdrawal(id: string, withdrawal: Withdrawal | null, transaction: Kysely<DB>): Promise<void> {
    await transaction
      .updateTable('order_generation')
      .set({ withdrawal, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Appends a line to the generation's note. */
  async addNote(id: string, line: string, db: Kysely<DB> = this.#db): Promise<void> {
    await db
      .updateTable('order_generation')
      .set({
        note: sql<string>`case when note is null or note = '' then ${line} else note || chr(10) || ${line} end`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
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

  list(request: ListRequest): Promise<ListPage<OrderGenerationRow>> {
    return listPage(this.#db, ORDER_GENERATION_LIST_ENTITY, request);
  }
}
