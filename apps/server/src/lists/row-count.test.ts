import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { createTestDatabase, resetDatabase } from '../test/database.ts';
import { type CountedTable, countedRows, foldRowCounts, ROW_COUNT_FOLD_AT } from './row-count.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => resetDatabase(database));
afterAll(() => database?.close());

/** `count` licenses in one statement, their keys numbered from `first`. */
async function insertLicenses(db: Kysely<DB>, count: number, first = 1): Promise<void> {
  await sql`
    insert into license (key, version, start_code, authentication_code, status, type_of_entry, class, type,
      size, delivery, special_permissions)
    select 'TEST' || translate(lpad(n::text, 8, '0'), '01', 'AB'), '9', '123456', '123456', 'unbound', 'order',
      'pro', 'full', 1, 'download', '{}'
    from generate_series(${first}::int, ${first + count - 1}::int) as n
  `.execute(db);
}

const counted = () => countedRows(database.db, 'license');
const deltaRows = async () =>
  (
    await database.db
      .selectFrom('list_row_count')
      .where('table_name', '=', 'license')
      .select(sql<number>`count(*)::int`.as('rows'))
      .executeTakeFirstOrThrow()
  ).rows;

/** The count triggers of `table`, by the event each follows. */
async function countTriggers(table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tgname as name from pg_trigger
    where tgrelid = ${table}::regclass and tgname like '%\_row\_count\_%' and not tgisinternal
    order by tgname
  `.execute(database.db);
  return rows.map((row) => row.name);
}

/** A table no list has read yet, as a new list's table is: it holds `rows` rows already. */
async function newListTable(rows: number): Promise<CountedTable> {
  await sql`create table new_list_entry (id integer primary key)`.execute(database.db);
  await sql`insert into new_list_entry select n from generate_series(1, ${rows}::int) as n`.execute(
    database.db,
  );
  return 'new_list_entry' as CountedTable;
}

async function dropNewListTable(): Promise<void> {
  await sql`drop table if exists new_list_entry`.execute(database.db);
  await sql`delete from list_row_count where table_name = 'new_list_entry'`.execute(database.db);
}

test("the lists' tables count their inserted, deleted and truncated rows", async () => {
  for (const table of ['license', 'order_generation', 'delivery', 'download', 'upgrade_session']) {
    expect(await countTriggers(table)).toEqual(
      ['delete', 'insert', 'truncate'].map((event) => `${table}_row_count_${event}`),
    );
  }
});

test("a new list's table is counted from its first read, with the rows it already held", async () => {
  const table = await newListTable(7);
  try {
    expect(await countTriggers(table)).toEqual([]);
    expect(await countedRows(database.db, table)).toBe(7);
    expect(await countTriggers(table)).toEqual(
      ['delete', 'insert', 'truncate'].map((event) => `new_list_entry_row_count_${event}`),
    );
    await sql`insert into new_list_entry values (8), (9)`.execute(database.db);
    await sql`delete from new_list_entry where id <= 3`.execute(database.db);
    expect(await countedRows(database.db, table)).toBe(6);
    // Later reads only sum: the seed row and one delta per statement, no second seed.
    const { rows } = await sql<{ parts: number }>`
      select count(*)::int as parts from list_row_count where table_name = 'new_list_entry'
    `.execute(database.db);
    expect(rows[0]!.parts).toBe(3);
  } finally {
    await dropNewListTable();
  }
});

test('the count follows inserts and deletes, one delta row per statement', async () => {
  expect(await counted()).toBe(0);
  await insertLicenses(database.db, 250);
  expect(await counted()).toBe(250);
  expect(await deltaRows()).toBe(1);
  await sql`delete from license where key like 'TESTAAAAAB%'`.execute(database.db); // keys 100–199
  expect(await counted()).toBe(150);
  // An update changes no count and records nothing; nor does a statement that inserts no row.
  await sql`update license set notes = 'geändert'`.execute(database.db);
  await sql`insert into license select * from license where false`.execute(database.db);
  expect(await deltaRows()).toBe(2);
  expect(await counted()).toBe(150);
});

test('a rolled-back statement leaves the count; a truncate empties it', async () => {
  await insertLicenses(database.db, 10);
  await expect(
    inTransaction(database.db, async (transaction) => {
      await insertLicenses(transaction, 5, 100);
      expect(await countedRows(transaction, 'license')).toBe(15);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await counted()).toBe(10);
  await sql`truncate license cascade`.execute(database.db);
  expect(await counted()).toBe(0);
  await insertLicenses(database.db, 3);
  expect(await counted()).toBe(3);
});

test('a reader folds the delta rows once they pile up, and the count stays exact', async () => {
  for (let statement = 0; statement <= ROW_COUNT_FOLD_AT; statement++) {
    await insertLicenses(database.db, 2, 10 * statement);
  }
  expect(await deltaRows()).toBe(ROW_COUNT_FOLD_AT + 1);
  expect(await counted()).toBe(2 * (ROW_COUNT_FOLD_AT + 1));
  expect(await deltaRows()).toBe(1);
  expect(await counted()).toBe(2 * (ROW_COUNT_FOLD_AT + 1));
  const { rows } = await sql<{ total: number }>`select count(*)::int as total from license`.execute(
    database.db,
  );
  expect(rows[0]!.total).toBe(2 * (ROW_COUNT_FOLD_AT + 1));
});

// PGlite runs one transaction at a time; concurrency needs a server.
describe.runIf(process.env['TEST_DB_BACKEND'] === 'postgres')('on a PostgreSQL server', () => {
  test('concurrent writers and folds keep the count exact', async () => {
    const writer = async (number: number) => {
      for (let round = 0; round < 15; round++) {
        await inTransaction(database.db, async (transaction) => {
          await insertLicenses(transaction, 3, 100_000 * (number + 1) + 10 * round);
          // Every other round a writer deletes its oldest license (its keys begin TESTAAB, TESTAA2, TESTAA3).
          if (round % 2 === 1) {
            const own = `TESTAA${'B23'[number]}%`;
            await sql`delete from license where key = (select min(key) from license where key like ${own})`.execute(
              transaction,
            );
          }
          await sql`select pg_sleep(0.005)`.execute(transaction);
        });
      }
    };
    const folder = async () => {
      for (let round = 0; round < 40; round++) await foldRowCounts(database.db, 'license');
    };
    await Promise.all([writer(0), writer(1), writer(2), folder(), folder()]);
    const { rows } = await sql<{ total: number }>`select count(*)::int as total from license`.execute(
      database.db,
    );
    expect(rows[0]!.total).toBe(3 * (15 * 3 - 7));
    expect(await counted()).toBe(rows[0]!.total);
  }, 60_000);

  test("first reads of a new list's table beside its writers count it once, exactly", async () => {
    const table = await newListTable(100);
    try {
      const writer = async (first: number) => {
        for (let round = 0; round < 10; round++) {
          const id = first + round;
          await sql`insert into new_list_entry values (${id})`.execute(database.db);
        }
      };
      // Each reader holds its transaction a moment: the others' first reads wait for the lock the
      // first one took, and must then find its triggers instead of adding them again.
      const reader = () =>
        inTransaction(database.db, async (transaction) => {
          const total = await countedRows(transaction, table);
          await sql`select pg_sleep(0.2)`.execute(transaction);
          return total;
        });
      await Promise.all([writer(1000), reader(), reader(), writer(2000), reader()]);
      expect(await countedRows(database.db, table)).toBe(120);
      expect(await countTriggers(table)).toHaveLength(3);
    } finally {
      await dropNewListTable();
    }
  }, 60_000);
});
