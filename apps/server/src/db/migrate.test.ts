import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';
import { migrate, pendingMigrations, readMigrations } from './migrate.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function recorded(): Promise<string[]> {
  const { rows } = await sql<{ version: string }>`
    select version from schema_migration order by version
  `.execute(database.db);
  return rows.map((row) => row.version);
}

test('every migration of the repository has a number of its own', () => {
  const numbers = readMigrations().map((migration) => migration.version.slice(0, 3));
  expect(new Set(numbers).size).toBe(numbers.length);
});

test('two files with one number are refused, naming both', () => {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-migrations-'));
  try {
    for (const file of ['007_one.sql', '007_two.sql', '008_three.sql']) {
      fs.writeFileSync(path.join(directory, file), 'select 1;');
    }
    expect(() => readMigrations(directory)).toThrow(
      'migrations 007_one.sql and 007_two.sql share the number 007',
    );
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
});

test('a migration is recorded under its former names too: an older release started on the database applies nothing', async () => {
  await sql`drop table client_rate_limit`.execute(database.db);
  await sql`delete from schema_migration where version like '%_shared_client_limits'`.execute(database.db);

  expect(await migrate(database.db)).toEqual(['012_shared_client_limits']);
  expect(await recorded()).toEqual(
    expect.arrayContaining(['007_shared_client_limits', '012_shared_client_limits']),
  );
});

test('a database that recorded the former name of a renamed migration is not migrated again, and learns the new name', async () => {
  await sql`delete from schema_migration where version = '012_shared_client_limits'`.execute(database.db);
  expect(await pendingMigrations(database.db)).toEqual([]);

  // Applying it again would fail: its table exists.
  expect(await migrate(database.db)).toEqual([]);
  expect(await recorded()).toEqual(
    expect.arrayContaining(['007_shared_client_limits', '012_shared_client_limits']),
  );
});

test('readiness sees a database behind its code: the migrations it has not applied', async () => {
  const [latest] = readMigrations().slice(-1);
  await sql`delete from schema_migration where version = ${latest!.version}`.execute(database.db);
  try {
    expect(await pendingMigrations(database.db)).toEqual([latest!.version]);
  } finally {
    await sql`insert into schema_migration (version) values (${latest!.version})`.execute(database.db);
  }
  expect(await pendingMigrations(database.db)).toEqual([]);
});
