import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';
import { namedStatement } from './named-statements.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const doubled = (value: number) =>
  namedStatement('doubled_probe', sql<{ n: number }>`select ${value}::int * 2 as n`);

test('a named statement answers like the same query on both backends, with new values each time', async () => {
  const answers = await database.db.connection().execute(async (connection) => {
    const first = await doubled(2).execute(connection);
    const second = await doubled(21).execute(connection);
    const { rows: prepared } = await sql<{ name: string }>`
      select name from pg_prepared_statements
    `.execute(connection);
    return { first: first.rows, second: second.rows, prepared: prepared.map((row) => row.name) };
  });
  expect(answers.first).toEqual([{ n: 4 }]);
  expect(answers.second).toEqual([{ n: 42 }]);
  // PostgreSQL keeps the plan on the connection under its name; PGlite runs the SQL as it is.
  expect(answers.prepared).toEqual(database.backend === 'postgres' ? ['doubled_probe'] : []);
});

test('names are plain identifiers: anything else is refused before it reaches the SQL', () => {
  expect(() => namedStatement('probe */ drop table license; --', sql`select 1`)).toThrow(
    'invalid statement name',
  );
});
