import fs from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Any constant: serializes migrations of several processes starting against one server. */
const MIGRATION_LOCK = 7_310_421;

/**
 * Migrations renamed after databases had recorded them: a database that recorded a former name has
 * the migration. Two files were numbered 007; the later one became 012 (decision 036).
 */
const FORMER_NAMES: Record<string, string[]> = {
  '012_shared_client_limits': ['007_shared_client_limits'],
};

export interface Migration {
  version: string;
  /** Names this migration was recorded under by earlier releases. */
  formerVersions: string[];
  sql: string;
}

/** The versioned SQL files, in order: `NNN_name.sql`, each number used once. */
export function readMigrations(directory = MIGRATIONS_DIR): Migration[] {
  const files = fs
    .readdirSync(directory)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort();
  const byNumber = new Map<string, string>();
  for (const file of files) {
    const number = file.slice(0, 3);
    const other = byNumber.get(number);
    if (other)
      throw new Error(
        `migrations ${other} and ${file} share the number ${number}: give one the next free number`,
      );
    byNumber.set(number, file);
  }
  return files.map((file) => {
    const version = file.replace(/\.sql$/, '');
    return {
      version,
      formerVersions: FORMER_NAMES[version] ?? [],
      sql: fs.readFileSync(path.join(directory, file), 'utf8'),
    };
  });
}

type Connection = Kysely<DB>;

async function recordedVersions(connection: Connection): Promise<Set<string>> {
  const { rows } = await sql<{ version: string }>`select version from schema_migration`.execute(connection);
  return new Set(rows.map((row) => row.version));
}

/** The migrations a database has not applied (under their name or a former one). */
function notApplied(migrations: Migration[], recorded: Set<string>): Migration[] {
  return migrations.filter(
    (migration) => ![migration.version, ...migration.formerVersions].some((name) => recorded.has(name)),
  );
}

/**
 * The migrations this release has that the database has not applied yet: what `migrate` would do
 * (readiness reports a database behind its code). Every migration when nothing was ever applied.
 */
export async function pendingMigrations(db: Kysely<DB>, migrations = readMigrations()): Promise<string[]> {
  const { rows } = await sql<{
    table: string | null;
  }>`select to_regclass('schema_migration')::text as table`.execute(db);
  if (!rows[0]?.table) return migrations.map((migration) => migration.version);
  return notApplied(migrations, await recordedVersions(db)).map((migration) => migration.version);
}

/**
 * Applies every migration not applied yet, each in its own transaction, and returns the versions
 * it applied. Safe to run from several processes at once. A migration is recorded under its name
 * and its former names, so an older release started on the same database (a rolling upgrade, a
 * rollback) recognizes it; a database that knows only a former name gets the new one recorded.
 */
export async function migrate(db: Kysely<DB>, migrations = readMigrations()): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      await sql`create table if not exists schema_migration (
        version text primary key,
        applied_at timestamptz not null default now()
      )`.execute(connection);
      const recorded = await recordedVersions(connection);
      for (const migration of migrations) {
        if (recorded.has(migration.version)) continue;
        if (migration.formerVersions.some((name) => recorded.has(name))) {
          await record(connection, [migration.version]);
        }
      }
      const pending = notApplied(migrations, recorded);
      for (const migration of pending) {
        await connection.transaction().execute(async (transaction) => {
          await sql.raw(migration.sql).execute(transaction);
          await record(transaction, [migration.version, ...migration.formerVersions]);
        });
      }
      return pending.map((migration) => migration.version);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

async function record(connection: Connection, versions: string[]): Promise<void> {
  for (const version of versions) {
    await sql`insert into schema_migration (version) values (${version}) on conflict do nothing`.execute(
      connection,
    );
  }
}
