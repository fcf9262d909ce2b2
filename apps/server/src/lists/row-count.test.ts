import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { createTestDatabase, resetDatabase } from '../test/database.ts';
import { COUNTED_TABLES, countedRows, foldRowCounts, ROW_COUNT_FOLD_AT } from './row-count.ts';

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

test('every list table counts its inserted, deleted and truncated rows', async () => {
  const { rows } = await sql<{ table: string; events: string[] }>`
    select c.relname as table, array_agg(t.tgname::text order by t.tgname) as events
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname like '%\_row\_count\_%' and not t.tgisinternal
    group by c.relname order by c.relname
  `.execute(database.db);
  expect(rows).toEqual(
    [...COUNTED_TABLES].sort().map((table) => ({
      table,
      events: ['delete', 'insert', 'truncate'].map((event) => `${table}_row_count_${event}`),
    })),
  );
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
});
