import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
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
  // Both keep the plan under its name: PostgreSQL on the connection, PGlite in its one session.
  expect(answers.prepared).toEqual(['doubled_probe']);
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

test('a named statement that fails leaves the database answering, and so does the next execution', async () => {
  const parsed = (text: string) =>
    executeNamedStatement(
      database.db,
      'parsed_probe',
      { text },
      (parameters) => sql<{ n: number }>`select ${parameters.text}::int as n`,
    );
  await expect(parsed('zwölf')).rejects.toMatchObject({ code: '22P02' });
  expect((await parsed('12')).rows).toEqual([{ n: 12 }]);
  expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
});

test('outside a transaction, a named statement never reads what a transaction has not committed', async () => {
  await sql`create table named_probe (id int primary key, value text not null)`.execute(database.db);
  await sql`insert into named_probe values (1, 'committed')`.execute(database.db);
  const value = (db: Database['db']) =>
    executeNamedStatement(
      db,
      'value_probe',
      { id: 1 },
      (parameters) => sql<{ value: string }>`select value from named_probe where id = ${parameters.id}::int`,
    );
  await value(database.db);
  let read: Promise<unknown> | undefined;
  let readBeforeCommit = 'not yet';
  await database.db.transaction().execute(async (transaction) => {
    await sql`update named_probe set value = 'uncommitted' where id = 1`.execute(transaction);
    read = value(database.db).then(({ rows }) => (readBeforeCommit = rows[0]!.value));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // PostgreSQL answers at once with the committed value; PGlite waits for the transaction's end.
    expect(readBeforeCommit).toBe(database.backend === 'postgres' ? 'committed' : 'not yet');
    // Inside the transaction the same statement sees the transaction's own change.
    expect((await value(transaction)).rows).toEqual([{ value: 'uncommitted' }]);
  });
  await read;
  expect(readBeforeCommit).toBe(database.backend === 'postgres' ? 'committed' : 'uncommitted');
});

test("the database's own handle runs a named statement on the backend directly; a transaction's through Kysely", async () => {
  const throughKysely = vi.spyOn(database.db, 'executeQuery');
  const sentToServer = vi.spyOn(pg.Client.prototype, 'query');
  try {
    expect((await doubled(database.db, 3)).rows).toEqual([{ n: 6 }]);
    expect(throughKysely).not.toHaveBeenCalled();
    // Prepared, not parsed and planned anew: PostgreSQL's connection gets it by name, PGlite's session keeps it.
    if (database.backend === 'postgres') {
      expect(sentToServer.mock.calls.map(([query]) => (query as { name?: string }).name)).toContain(
        'doubled_probe',
      );
    } else {
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
        database.db,
      );
      expect(rows.map((row) => row.name)).toContain('doubled_probe');
    }
    const inTransaction = await database.db.transaction().execute(async (transaction) => {
      const kyselyOfTransaction = vi.spyOn(transaction, 'executeQuery');
      const { rows } = await doubled(transaction, 4);
      return { rows, calls: kyselyOfTransaction.mock.calls.length };
    });
    expect(inTransaction).toEqual({ rows: [{ n: 8 }], calls: 1 });
  } finally {
    throughKysely.mockRestore();
    sentToServer.mockRestore();
  }
});
