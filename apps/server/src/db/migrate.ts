import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Any constant: serializes migrations of several processes starting against one server. */
const MIGRATION_LOCK = 7_310_421;

export interface Migration {
  version: string;
  sql: string;
}

/** The versioned SQL files, in order: `NNN_name.sql`. */
export function readMigrations(directory = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(directory)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.replace(/\.sql$/, ''),
      sql: fs.readFileSync(path.join(directory, file), 'utf8'),
    }));
}

/**
 * Applies every migration not applied yet, each in its own transaction, and returns the versions
 * it applied. Safe to run from several processes at once.
 */
export async function migrate(db: Kysely<DB>, migrations = readMigrations()): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`create table if not exists schema_migration (
        version text primary key,
        applied_at timestamptz not null default now()
      )`.execute(connection);
      const { rows } = await sql<{ version: string }>`select version from schema_migration`.execute(
        connection,
      );
      const applied = new Set(rows.map((row) => row.version));
      const pending = migrations.filter((migration) => !applied.has(migration.version));
      for (const migration of pending) {
        await connection.transaction().execute(async (transaction) => {
          await sql.raw(migration.sql).execute(transaction);
          await sql`insert into schema_migration (version) values (${migration.version})`.execute(
            transaction,
          );
        });
      }
      return pending.map((migration) => migration.version);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}
