import { sql, type Kysely } from 'kysely';
import type { ShopOrder } from '@lizenzportal/domain';
import type { DB, ShopIgnoredOrderTable, ShopReconciliationTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type ShopReconciliationRow = Selectable<ShopReconciliationTable>;
export type ShopIgnoredOrderRow = Selectable<ShopIgnoredOrderTable>;

/** What one reconciliation run ended with: what it read and created, or why it failed. */
export type ReconciliationRun =
  { at: Date; error: null; seen: number; created: number } | { at: Date; error: string };

/**
 * What the portal keeps about the shop beside the order generations: the reconciliation's state
 * (one row) and the paid orders it left to the shop.
 */
export class ShopRecordRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** Records a finished run: a success clears the error, a failure keeps the last success. */
  async recordRun(run: ReconciliationRun): Promise<void> {
    const values =
      run.error === null
        ? {
            last_run_at: run.at,
            last_success_at: run.at,
            last_error: null,
            orders_seen: run.seen,
            orders_created: run.created,
          }
        : { last_run_at: run.at, last_error: run.error };
    await this.#db
      .insertInto('shop_reconciliation')
      .values(values)
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
  }

  reconciliation(): Promise<ShopReconciliationRow | undefined> {
    return this.#db.selectFrom('shop_reconciliation').selectAll().executeTakeFirst();
  }

  /** Keeps a paid order without a line of the portal, once (the first arrival's status and lines). */
  async recordIgnoredOrder(order: ShopOrder): Promise<void> {
    const lines = order.lines.map(({ name, sku, quantity }) => ({ name, sku, quantity }));
    await this.#db
      .insertInto('shop_ignored_order')
      .values({
        order_number: order.number,
        shop_order_id: order.shopOrderId,
        status: order.status,
        lines: JSON.stringify(lines),
      })
      .onConflict((conflict) => conflict.column('order_number').doNothing())
      .execute();
  }

  /** The latest ignored orders, or those whose number contains `search`. */
  ignoredOrders(options: { search?: string | undefined; limit: number }): Promise<ShopIgnoredOrderRow[]> {
    let query = this.#db.selectFrom('shop_ignored_order').selectAll();
    if (options.search) {
      const pattern = `%${options.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query = query.where(sql<boolean>`order_number like ${pattern}`);
    }
    return query.orderBy('created_at', 'desc').orderBy('order_number').limit(options.limit).execute();
  }
}
