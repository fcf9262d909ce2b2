import type { Kysely } from 'kysely';
import type { DB, UpgradeSessionRow } from '../../db/schema.ts';
import { json, UpgradeSessionRepository } from './repository.ts';

/**
 * What a shop order does to the upgrade session it names, for the shop's intake and the order
 * generation: the session's status and what the order made are written here, in this module, and
 * nowhere else (decision 069). Each call joins the caller's transaction where it names one.
 */
export class SessionOrders {
  readonly #repository: UpgradeSessionRepository;

  constructor(db: Kysely<DB>) {
    this.#repository = new UpgradeSessionRepository(db);
  }

  find(id: string, db?: Kysely<DB>): Promise<UpgradeSessionRow | undefined> {
    return this.#repository.findById(id, db);
  }

  /** The session, locked until the end of `transaction` (an order's changes to it queue up). */
  findForUpdate(id: string, transaction: Kysely<DB>): Promise<UpgradeSessionRow | undefined> {
    return this.#repository.findForUpdate(id, transaction);
  }

  /**
   * A paid order names the session: `purchased` by it, unless another order bought it already;
   * the order's buyer fills a name or e-mail the session's billing lacks.
   */
  purchased(
    id: string,
    orderId: string,
    transaction: Kysely<DB>,
    buyer?: { name: string | null; email: string | null },
  ): Promise<void> {
    return this.#repository.markPurchased(id, orderId, transaction, buyer);
  }

  /** The order's generation runs (`in-progress`) or failed (`failed`); a session another order bought stays. */
  moveStatus(id: string, orderId: string, status: 'in-progress' | 'failed', db?: Kysely<DB>): Promise<void> {
    return this.#repository.moveStatus(id, orderId, status, db);
  }

  /** The order's generation made the session's product: `completed`, naming the license it made. */
  async completed(id: string, productLicense: string, transaction: Kysely<DB>): Promise<void> {
    await this.#repository.update(id, { status: 'completed', product_license: productLicense }, transaction);
  }

  /** What an extension's license was before it (the undo restores it). */
  async extending(id: string, beforeExtension: unknown, transaction: Kysely<DB>): Promise<void> {
    await this.#repository.update(id, { before_extension: json(beforeExtension) }, transaction);
  }
}
