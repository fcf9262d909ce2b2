import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../test/database.ts';
import type { Database } from './database.ts';
import { executeNamedStatement } from './named-statements.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

let doubledBuilds = 0;
const doubled = (db: Database['db'], value: number) =>
  executeNamedStatement(db, 'doubled_probe', { value, factor: 2 }, (parameters) => {
    doubledBuilds++;
    return sql<{ n: number }>`select ${parameters.value}::int * ${parameters.factor}::int as n`;
  });

test('a named statement answers like the same query on both backends, with new values each time', async () => {
  const answers = await database.db.connection().execute(async (connection) => {
    const first = await doubled(connection, 2);
    const second = await doubled(connection, 21);
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

test('a named statement is written once: later executions bind their values to the first compiled text', async () => {
  const before = doubledBuilds;
  const answers = [];
  for (const value of [1, 5, 8]) answers.push((await doubled(database.db, value)).rows[0]?.n);
  expect(answers).toEqual([2, 10, 16]);
  expect(doubledBuilds - before).toBeLessThanOrEqual(1);
  // The values are parameters of the text, never written into it.
  const { rows } = await executeNamedStatement(
    database.db,
    'quoted_probe',
    { text: "it's'; drop table license; --" },
    (parameters) => sql<{ text: string }>`select ${parameters.text}::text as text`,
  );
  expect(rows).toEqual([{ text: "it's'; drop table license; --" }]);
});

test('a value the builder writes into the text stays the same for every execution', async () => {
  // What varies must be a placeholder: a value captured by the builder is part of the text.
  const run = (captured: string, key: string) =>
    executeNamedStatement(
      database.db,
      'captured_probe',
      { key },
      (parameters) =>
        sql<{
          captured: string;
          key: string;
        }>`select ${captured}::text as captured, ${parameters.key}::text as key`,
    );
  expect((await run('first', 'a')).rows).toEqual([{ captured: 'first', key: 'a' }]);
  expect((await run('second', 'b')).rows).toEqual([{ captured: 'first', key: 'b' }]);
});

test('names are plain identifiers, and a parameter the query leaves out is refused', async () => {
  expect(() =>
    executeNamedStatement(database.db, 'probe */ drop table license; --', {}, () => sql`select 1`),
  ).toThrow('invalid statement name');
  expect(() => executeNamedStatement(database.db, 'unused_probe', { key: 'a' }, () => sql`select 1`)).toThrow(
    'statement unused_probe does not use its parameters key',
  );
});
