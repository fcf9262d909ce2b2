import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';

// The same expectations on both backends: PGlite must fail where PostgreSQL fails, and go on.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** A JSON array nested deeper than any stack: PostgreSQL's parser recurses once per level. */
const deeplyNested = '['.repeat(100_000) + ']'.repeat(100_000);
const parseJson = (text: string) => sql<{ kind: string }>`select jsonb_typeof(${text}::jsonb) as kind`;

test('input that recurses too deeply fails with the error PostgreSQL gives, and the database keeps working', async () => {
  await expect(parseJson(deeplyNested).execute(database.db)).rejects.toMatchObject({ code: '54001' });
  // The next error is reported like any other (on unguarded PGlite it never returned).
  await expect(sql`select 'text' ~ ${'['}`.execute(database.db)).rejects.toMatchObject({ code: '2201B' });
  const { rows } = await parseJson('[[1]]').execute(database.db);
  expect(rows).toEqual([{ kind: 'array' }]);
});

test('the failed statement aborts its transaction, as on PostgreSQL, and nothing of it stays', async () => {
  await sql`create table if not exists recursion_probe (note text)`.execute(database.db);
  const failing = database.db.transaction().execute(async (transaction) => {
    await sql`insert into recursion_probe values ('inside')`.execute(transaction);
    await parseJson(deeplyNested).execute(transaction);
  });
  await expect(failing).rejects.toMatchObject({ code: '54001' });
  await sql`insert into recursion_probe values ('after')`.execute(database.db);
  const { rows } = await sql<{ note: string }>`select note from recursion_probe`.execute(database.db);
  expect(rows).toEqual([{ note: 'after' }]);
});

test('many failures in a row leave the database as it was', async () => {
  for (let attempt = 0; attempt < 20; attempt++) {
    await expect(parseJson(deeplyNested).execute(database.db)).rejects.toMatchObject({ code: '54001' });
  }
  const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
  expect(rows).toEqual([{ one: 1 }]);
});
