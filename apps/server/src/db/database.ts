import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { NamedStatementClient, runNamedStatementsDirectly } from './named-statements.ts';
import { executePrepared } from './pglite-prepared-statements.ts';
import { createPgliteDialect } from './pglite-dialect.ts';
import type { DB } from './schema.ts';
import { acquireDirectoryLock } from './directory-lock.ts';
import { pgliteOptions } from './pglite-options.ts';
import { installHostExceptionBridge } from './pglite-host-exceptions.ts';
import { makePrivateDirectory, makeTreePrivate } from '../lib/private-files.ts';

export type Backend = 'pglite' | 'postgres';

/** The open database: the typed query builder plus what the job queue needs of the backend. */
export interface Database {
  backend: Backend;
  db: Kysely<DB>;
  /** The embedded instance when running on PGlite. */
  pglite: PGlite | undefined;
  /** The connection pool when running on a PostgreSQL server. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…`: use that server. Unset: embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; unset keeps it in memory. */
  pgliteDir?: string | undefined;
  /** A ready PGlite instance (tests clone one from a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

function openPostgres(connectionString: string, max: number): Database {
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      // bigint (count(*), sums) as a JS number, as PGlite returns it; the portal's counts stay far below 2^53.
      oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({ connectionString, max, types, Client: NamedStatementClient });
  // An idle connection the server ended (a restart, an administrator) is dropped by the pool and
  // replaced on demand; unhandled, its error would end the process.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  runNamedStatementsDirectly(db, (name, text, values) => pool.query({ name, text, values }));
  return {
    backend: 'postgres',
    db,
    pglite: undefined,
    pool,
    close: () => db.destroy(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  let releaseLock = () => {};
  let pglite = options.pglite;
  if (!pglite) {
    if (options.pgliteDir) {
      makePrivateDirectory(options.pgliteDir);
      releaseLock = acquireDirectoryLock(`${options.pgliteDir}.lock`);
    }
    pglite = await PGlite.create({
      ...(await pgliteOptions()),
      ...(options.pgliteDir ? { dataDir: options.pgliteDir } : {}),
    });
    // A new database's files come from PGlite's template as 0666; those it makes later are 0600.
    if (options.pgliteDir) makeTreePrivate(options.pgliteDir);
  }
  const instance = pglite;
  installHostExceptionBridge(instance);
  const db = new Kysely<DB>({ dialect: createPgliteDialect(instance) });
  runNamedStatementsDirectly(db, (name, text, values) => executePrepared(instance, name, text, values));
  return {
    backend: 'pglite',
    db,
    pglite: instance,
    pool: undefined,
    close: async () => {
      await db.destroy();
      await instance.close();
      releaseLock();
    },
  };
}
