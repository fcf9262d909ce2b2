import type { Kysely } from 'kysely';
import type { OrderGeneration, OrderRefund, OrderUndo, RefundState, Withdrawal } from '@lizenzportal/domain';
import type { DB, NewOrderGenerationRow, OrderGenerationRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import type { LicenseService } from '../licenses/index.ts';
import { OrderGenerator } from './generator.ts';
import { toOrderGeneration } from './mapper.ts';
import { OrderGenerationRepository } from './repository.ts';
import { OrderUndoer, type UndoAudit } from './undo.ts';

/** Thrown to roll a preview's transaction back. */
const ROLLBACK = Symbol('rollback');

/** What the back office does with order generations: the list, one, those of a license, a retry. */
export class OrderGenerationService {
  readonly #repository: OrderGenerationRepository;
  readonly #licenses: LicenseService;
  readonly #db: Kysely<DB>;
  readonly #queue: JobQueue;
  readonly undoer: OrderUndoer;

  constructor(deps: {
    licenses: LicenseService;
    db: Kysely<DB>;
    queue: JobQueue;
    /** What the undo needs beyond these: the sessions of orders, the shop's product ids. */
    undo: Omit<ConstructorParameters<typeof OrderUndoer>[0], 'repository' | 'licenses' | 'queue'>;
  }) {
    this.#repository = new OrderGenerationRepository(deps.db);
    this.#licenses = deps.licenses;
    this.#db = deps.db;
    this.#queue = deps.queue;
    this.undoer = new OrderUndoer({
      ...deps.undo,
      repository: this.#repository,
      licenses: deps.licenses,
      queue: deps.queue,
    });
  }

  /** The generator of paid shop orders, writing through this module's repository in the same database. */
  generator(
    deps: Omit<ConstructorParameters<typeof OrderGenerator>[0], 'db' | 'repository'>,
  ): OrderGenerator {
    return new OrderGenerator({ ...deps, db: this.#db, repository: this.#repository });
  }

  /**
   * „Bestellung rückabwickeln” (decision 066): the licenses of the order (or those staff picked)
   * back to what was paid for, in one transaction with the audit entries `audit` writes.
   */
  async undo(
    id: string,
    licenses: readonly string[] | undefined,
    audit: UndoAudit,
    dryRun = false,
  ): Promise<OrderUndo> {
    let outcome: Awaited<ReturnType<OrderUndoer['undo']>> | undefined;
    try {
      await this.#db.transaction().execute(async (transaction) => {
        outcome = await this.undoer.undo(id, licenses, audit, transaction);
        // The preview runs the very undo and rolls it back: preview and action cannot drift apart.
        if (dryRun) throw ROLLBACK;
      });
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return { orderGeneration: await this.get(id), ...outcome!, dryRun };
  }

  /**
   * „Erneut versuchen”: a failed generation goes back in progress and its job is queued again, in
   * one transaction. What it created before it failed was rolled back with that attempt, so the
   * retry creates everything once. Of concurrent retries one wins, the others get 409.
   * `commitWith` runs in the same transaction (the audit entry: who retried, and the error it had).
   */
  async retry(
    id: string,
    commitWith: (transaction: Kysely<DB>, failed: OrderGeneration) => Promise<void>,
  ): Promise<OrderGeneration> {
    return this.#db.transaction().execute(async (transaction) => {
      const failed = await this.#repository.findById(id, transaction);
      if (!failed) throw notFound('orderGeneration');
      const restarted = await this.#repository.restartFailed(id, transaction);
      if (!restarted) throw new AppError('ORDER_GENERATION_NOT_FAILED');
      await this.#queue.send(JOBS.generateOrder, { orderGenerationId: id }, { transaction });
      await commitWith(transaction, toOrderGeneration(failed));
      return toOrderGeneration(restarted);
    });
  }

  async list(request: ListRequest): Promise<ListPage<OrderGeneration>> {
    const page = await this.#repository.list(request);
    return { ...page, rows: page.rows.map(toOrderGeneration) };
  }

  async get(id: string): Promise<OrderGeneration> {
    const row = await this.#repository.findById(id);
    if (!row) throw notFound('orderGeneration');
    return toOrderGeneration(row);
  }

  async forLicense(licenseId: string): Promise<OrderGeneration[]> {
    if (!(await this.#licenses.exists(licenseId))) throw notFound('license');
    return (await this.#repository.forLicense(licenseId)).map(toOrderGeneration);
  }

  // What the shop's intake and refund lines and the deliveries read and write of a generation:
  // they call these, the table is written in this module only (decision 069).

  exists(id: string): Promise<boolean> {
    return this.#repository.exists(id);
  }

  findById(id: string, db?: Kysely<DB>): Promise<OrderGenerationRow | undefined> {
    return this.#repository.findById(id, db);
  }

  findByOrderNumber(orderNumber: string, db?: Kysely<DB>): Promise<OrderGenerationRow | undefined> {
    return this.#repository.findByOrderNumber(orderNumber, db);
  }

  /** The generation, locked until `transaction` ends. */
  lock(id: string, transaction: Kysely<DB>): Promise<OrderGenerationRow | undefined> {
    return this.#repository.lock(id, transaction);
  }

  /** A paid order's generation, unless its order number has one already: the new row, or undefined. */
  insertIfNew(row: NewOrderGenerationRow, db?: Kysely<DB>): Promise<OrderGenerationRow | undefined> {
    return this.#repository.insertIfNew(row, db);
  }

  /** What the shop said about the order's money going back, and what staff still have to do. */
  recordRefunds(
    id: string,
    state: RefundState,
    withdrawal: Withdrawal | null,
    transaction: Kysely<DB>,
  ): Promise<void> {
    return this.#repository.recordRefunds(id, state, withdrawal, transaction);
  }

  /** The refunds with the lines fetched from the shop, and why lines are missing (null: none is). */
  recordRefundLines(
    id: string,
    refunds: readonly OrderRefund[],
    problem: string | null,
    transaction: Kysely<DB>,
  ): Promise<void> {
    return this.#repository.recordRefundLines(id, refunds, problem, transaction);
  }

  /** Says on the generation why the lines of its refunds could not be fetched. */
  setRefundLinesProblem(id: string, problem: string): Promise<void> {
    return this.#repository.setRefundLinesProblem(id, problem);
  }
}
