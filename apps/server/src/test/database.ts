import crypto from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { pgliteOptions } from '../db/pglite-options.ts';
import { storedJob } from '../jobs/queue.ts';
import { withDatabase } from './template.ts';

declare module 'vitest' {
  /** What the global setup (global-setup.ts) hands every test file: the migrated templates. */
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

/**
 * A database of its own for one test file, copied from the migrated template: PGlite by default,
 * the PostgreSQL server of TEST_DATABASE_URL in the `server-pg` project.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env['TEST_DB_BACKEND'] === 'postgres') return createPostgresTestDatabase();
  const template = fs.readFileSync(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([template]), ...(await pgliteOptions()) });
  return openDatabase({ pglite });
}

async function createPostgresTestDatabase(): Promise<Database> {
  const serverUrl = process.env['TEST_DATABASE_URL']!;
  const name = `lizenzportal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, name), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/** The statement that empties a database, per database: its tables are read once. */
const emptyingStatements = new WeakMap<Database, Promise<string>>();

/**
 * Empties every table but the migration log and the job queue's definitions: each test starts
 * fresh. Rows are deleted rather than the tables truncated: a test's few rows are gone in a
 * fraction of what truncating (new files for every table and index) costs, on PGlite and
 * PostgreSQL alike. Triggers and foreign-key checks are off meanwhile (`replica`), as under
 * `truncate`: every table ends empty, list totals too, whatever the order.
 */
export async function resetDatabase(database: Database): Promise<void> {
  let statement = emptyingStatements.get(database);
  if (!statement) {
    statement = emptyingStatement(database);
    emptyingStatements.set(database, statement);
  }
  const empty = () =>
    database.db.transaction().execute(async (transaction) => {
      await sql`set local session_replication_role = replica`.execute(transaction);
      await sql.raw(await statement).execute(transaction);
    });
  // A job the previous test queued may still hold rows while they are deleted. When PostgreSQL
  // breaks the deadlock by aborting the reset, the reset runs again once the job's rows are free.
  for (let attempt = 1; ; attempt++) {
    try {
      return await empty();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt === 3) throw error;
    }
  }
}

/** PostgreSQL's SQLSTATE of a transaction aborted to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

async function emptyingStatement(database: Database): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
    from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'schema_migration'
    union all select 'pgboss.job'
  `.execute(database.db);
  return rows.map((row) => `delete from ${row.name};`).join(' ');
}

/** The payloads of the jobs queued under a name, oldest first (to check what a request started). */
export async function queuedJobs(database: Database, queue: string): Promise<unknown[]> {
  const { rows } = await sql<{ data: unknown }>`
    select data from pgboss.job where name = ${queue} order by created_on
  `.execute(database.db);
  return rows.map((row) => storedJob(row.data).payload);
}
