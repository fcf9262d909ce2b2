import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate, readMigrations } from '../db/migrate.ts';
import { pgliteOptions } from '../db/pglite-options.ts';
import { JobQueue } from '../jobs/queue.ts';
import { testLogger } from './error-logs.ts';

const pgBossVersion = (
  JSON.parse(fs.readFileSync(createRequire(import.meta.url).resolve('pg-boss/package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** Identifies the schema: a new migration makes a new template. */
function schemaFingerprint(): string {
  const hash = crypto.createHash('sha256');
  for (const migration of readMigrations()) hash.update(migration.version).update(migration.sql);
  hash.update(pgBossVersion);
  return hash.digest('hex').slice(0, 12);
}

/** The portal's migrations and the job queue's tables. */
async function installSchema(database: Database): Promise<void> {
  await migrate(database.db);
  // Only its tables: no queue is defined, no supervisor runs (the default timing is never used).
  const queue = await JobQueue.start(database, testLogger(), {
    maintenance: false,
    ...loadConfig({}).jobQueue,
  });
  await queue.stop();
}

/**
 * A migrated PGlite database as a tar file, built once per schema and reused by every test run:
 * creating a PGlite database takes seconds, loading this file a fraction of one.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `lizenzportal-template-${schemaFingerprint()}.tar`);
  if (fs.existsSync(file)) return file;
  const pglite = await PGlite.create({ ...(await pgliteOptions()) });
  const database = await openDatabase({ pglite });
  await installSchema(database);
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
}

/** A migrated template database on the PostgreSQL server; test databases are copies of it. */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = `lizenzportal_template_${schemaFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`drop database if exists "${building}"`);
    await admin.query(`create database "${building}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(serverUrl, building) });
    await installSchema(database);
    await database.close();
    await admin.query(`alter database "${building}" rename to "${name}"`).catch(async (error: unknown) => {
      // Another run built the same template meanwhile: keep theirs.
      await admin.query(`drop database if exists "${building}"`);
      if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) throw error;
    });
    return name;
  } finally {
    await admin.end();
  }
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
