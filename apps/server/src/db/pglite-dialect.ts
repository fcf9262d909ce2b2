import type { PGlite, Transaction } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Kysely,
} from 'kysely';
import { statementName } from './named-statements.ts';
import { executePrepared } from './pglite-prepared-statements.ts';

/**
 * A Kysely dialect for embedded PGlite whose transactions hold PGlite's transaction lock.
 *
 * PGlite is a single connection. Raw `BEGIN … COMMIT` statements (as other PGlite dialects send)
 * do not hold its lock, so any other query — a request, a job poll — could run inside an open
 * transaction and commit or roll back with it. Here a Kysely transaction runs inside
 * `pglite.transaction()`: queries outside it wait until it ends. Code inside a transaction must
 * therefore use the transaction handle only; using the outer handle there waits forever.
 */
export function createPgliteDialect(pglite: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new PgliteDriver(pglite),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

type Finish = (outcome: 'commit' | 'rollback') => void;

class PgliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  transaction: { handle: Transaction; finish: Finish; done: Promise<void> } | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // A database's root handle runs its named statements directly (`runNamedStatementsDirectly`);
    // other handles outside a transaction (`db.connection()`) prepare them here the same way.
    const statement = statementName(compiledQuery.sql);
    if (statement && !this.transaction) {
      const { rows, affectedRows } = await executePrepared<R>(
        this.#pglite,
        statement,
        compiledQuery.sql,
        compiledQuery.parameters,
      );
      return toQueryResult(rows, affectedRows);
    }
    const target = this.transaction?.handle ?? this.#pglite;
    if (compiledQuery.parameters.length === 0) {
      // Without parameters a query may hold several statements (migrations); exec() runs them all.
      const results = await target.exec(compiledQuery.sql);
      const last = results.at(-1);
      return toQueryResult<R>(last?.rows ?? [], last?.affectedRows);
    }
    const result = await target.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    return toQueryResult(result.rows, result.affectedRows);
  }

  // eslint-disable-next-line require-yield -- streaming is not offered by PGlite
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

function toQueryResult<R>(rows: unknown[], affectedRows: number | undefined): QueryResult<R> {
  return {
    rows: rows as R[],
    numAffectedRows: affectedRows === undefined ? undefined : BigInt(affectedRows),
  };
}

class PgliteDriver implements Driver {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteConnection(this.#pglite);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let finish!: Finish;
    const outcome = new Promise<'commit' | 'rollback'>((resolve) => (finish = resolve));
    let started!: (handle: Transaction) => void;
    const handleReady = new Promise<Transaction>((resolve) => (started = resolve));
    const done = this.#pglite.transaction(async (transaction) => {
      if (settings.isolationLevel) {
        await transaction.exec(`set transaction isolation level ${settings.isolationLevel}`);
      }
      started(transaction);
      if ((await outcome) === 'rollback') await transaction.rollback();
    });
    const handle = await Promise.race([
      handleReady,
      done.then(() => Promise.reject(new Error('transaction ended before it started'))),
    ]);
    (connection as PgliteConnection).transaction = { handle, finish, done };
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as PgliteConnection, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#end(connection as PgliteConnection, 'rollback');
  }

  async #end(connection: PgliteConnection, outcome: 'commit' | 'rollback'): Promise<void> {
    const transaction = connection.transaction;
    if (!transaction) throw new Error('no transaction in progress');
    connection.transaction = undefined;
    transaction.finish(outcome);
    await transaction.done;
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}
