/**
 * The tally the triggers of migration 018 keep equals, after any sequence of inserts, updates,
 * deletes and rollbacks, the same contributions summed over the rows there are now — also after
 * folding, and on a server with writers and folds at once.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createTestDatabase, resetDatabase } from '../../test/database.ts';
import { OverviewTally, TALLY_FOLD_AT } from './tally.ts';

const TALLIED = ['download', 'license', 'order_generation', 'upgrade_session'] as const;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => resetDatabase(database));
afterAll(() => database?.close());

/** `count` licenses in one statement: version, class and creation spread by their number. */
async function insertLicenses(db: Kysely<DB>, count: number, first = 1): Promise<void> {
  await sql`
    insert into license (key, version, start_code, authentication_code, status, type_of_entry, class, type,
      size, delivery, created_at)
    select 'TEST' || translate(lpad(n::text, 8, '0'), '01', 'AB'), case when n % 3 = 0 then '9' else '8' end,
      '123456', '123456', 'unbound', 'order', (array['single', 'multiple', 'server', 'pro', 'personal'])[n % 5 + 1],
      'full', 1, 'download', timestamptz '2026-01-01 00:00+01' + n * interval '7 hours'
    from generate_series(${first}::int, ${first + count - 1}::int) as n
  `.execute(db);
}

/** The tally's sums per measure and day, without zeros. */
async function tallied(db: Kysely<DB> = database.db): Promise<Record<string, number>> {
  const { rows } = await sql<{ key: string; amount: number }>`
    select measure || ' ' || day as key, sum(amount)::bigint as amount from overview_tally
    group by measure, day having sum(amount) <> 0 order by 1
  `.execute(db);
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.amount)]));
}

/** What the rows there are now contribute, summed by the same functions the triggers call. */
async function recounted(db: Kysely<DB> = database.db): Promise<Record<string, number>> {
  const { rows } = await sql<{ key: string; amount: number }>`
    select measure || ' ' || day as key, sum(amount)::bigint as amount from (
      select tally.* from license, lateral license_tally(license) as tally
      union all select tally.* from order_generation, lateral order_generation_tally(order_generation) as tally
      union all select tally.* from download, lateral download_tally(download) as tally
      union all select tally.* from upgrade_session, lateral upgrade_session_tally(upgrade_session) as tally
    ) as contribution
    group by measure, day having sum(amount) <> 0 order by 1
  `.execute(db);
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.amount)]));
}

const rowCount = async (where = sql`true`) =>
  (
    await sql<{ rows: number }>`select count(*)::int as rows from overview_tally where ${where}`.execute(
      database.db,
    )
  ).rows[0]!.rows;

test('every tallied table has its insert, update, delete and truncate triggers', async () => {
  const { rows } = await sql<{ table: string; events: string[] }>`
    select c.relname as table, array_agg(t.tgname::text order by t.tgname) as events
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where t.tgname like '%\\_tally\\_%' and not t.tgisinternal
    group by c.relname order by c.relname
  `.execute(database.db);
  expect(rows).toEqual(
    TALLIED.map((table) => ({
      table,
      events: ['delete', 'insert', 'truncate', 'update'].map((event) => `${table}_tally_${event}`),
    })),
  );
});

test('inserts, updates and deletes keep the tally equal to the rows there are', async () => {
  await insertLicenses(database.db, 60);
  expect(await rowCount()).toBeGreaterThan(0);
  expect(await tallied()).toEqual(await recounted());
  // Updates to v9 (a successor), disabling, a class and a version changed, a day moved.
  await sql`
    update license set status = 'disabled',
      updated_to_license = (select id from license where key = 'TESTAAAAAAA3')
    where version = '8' and created_at < timestamptz '2026-01-03 00:00+01'
  `.execute(database.db);
  await sql`update license set status = 'disabled' where key in ('TESTAAAAAAB4', 'TESTAAAAAAB5')`.execute(
    database.db,
  );
  await sql`update license set class = 'pro' where key like 'TESTAAAAAA2%'`.execute(database.db);
  await sql`update license set version = '9' where key = 'TESTAAAAAA4B'`.execute(database.db);
  await sql`update license set created_at = created_at - interval '40 days' where key like 'TESTAAAAAA3%'`.execute(
    database.db,
  );
  // A re-enabled updated license stays updated; a download count changes nothing.
  await sql`update license set status = 'bound' where key = 'TESTAAAAAAAB'`.execute(database.db);
  const before = await rowCount();
  await sql`update license set software_downloads = software_downloads + 1`.execute(database.db);
  expect(await rowCount()).toBe(before);
  expect(await tallied()).toEqual(await recounted());
  await sql`delete from license where key like 'TESTAAAAAA5%' and updated_to_license is null`.execute(
    database.db,
  );
  expect(await tallied()).toEqual(await recounted());
});

test('a disabled version 8 license given only its successor counts as updated from the successor’s day', async () => {
  await insertLicenses(database.db, 3);
  // TESTAAAAAAAB is a version 8 license, TESTAAAAAAA3 one of version 9.
  await sql`update license set status = 'disabled' where key = 'TESTAAAAAAAB'`.execute(database.db);
  expect(Object.keys(await tallied()).filter((key) => key.startsWith('license.v8.'))).toEqual([
    'license.v8.waiting 2026-01-01',
  ]);
  await sql`
    update license set updated_to_license = (select id from license where key = 'TESTAAAAAAA3')
    where key = 'TESTAAAAAAAB'
  `.execute(database.db);
  expect(await tallied()).toEqual(await recounted());
  expect(await tallied()).toMatchObject({ 'license.v8.updated 2026-01-01': 1 });
});

test('orders, offers and downloads follow their rows too', async () => {
  await insertLicenses(database.db, 3);
  await sql`
    insert into order_generation (order_number, purchase_type, shop_order, created_at)
    select 'O' || n, (array['new', 'upgrade', 'extension', 'reseller', null])[n % 5 + 1],
      jsonb_build_object('netTotal', n * 1000), timestamptz '2026-02-01 12:00+01' + n * interval '1 day'
    from generate_series(1, 20) as n
  `.execute(database.db);
  await sql`
    insert into upgrade_session (purchase_type, status, billing, ship_to_different_address, offer_number,
      offer_code, offered_at, offer_valid_until)
    select 'new', 'offered', '{}', false, 'A-' || n, 'code' || n, timestamptz '2026-02-01 12:00+01' + n * interval '3 days',
      now() + interval '1 day'
    from generate_series(1, 10) as n
  `.execute(database.db);
  await sql`
    insert into download (license, object, product, version, size, created_at)
    select (select min(id::text)::uuid from license), (array['software', 'metasearch'])[n % 2 + 1], 'software-9', '9', 1,
      timestamptz '2026-02-01 12:00+01' + n * interval '5 hours'
    from generate_series(1, 15) as n
  `.execute(database.db);
  expect(await tallied()).toEqual(await recounted());
  await sql`update upgrade_session set status = 'expired' where offer_number in ('A-1', 'A-2')`.execute(
    database.db,
  );
  await sql`update upgrade_session set status = 'purchased' where offer_number in ('A-3', 'A-2')`.execute(
    database.db,
  );
  await sql`update upgrade_session set status = 'completed' where offer_number = 'A-3'`.execute(database.db);
  await sql`update order_generation set purchase_type = 'new', shop_order = '{}' where order_number = 'O4'`.execute(
    database.db,
  );
  await sql`update order_generation set progress = 'failed' where order_number = 'O5'`.execute(database.db);
  await sql`delete from download where object = 'software'`.execute(database.db);
  await sql`delete from order_generation where order_number like 'O1%'`.execute(database.db);
  expect(await tallied()).toEqual(await recounted());
});

test('a rolled-back change leaves the tally; a truncate empties its table’s measures', async () => {
  await insertLicenses(database.db, 10);
  const committed = await tallied();
  await expect(
    inTransaction(database.db, async (transaction) => {
      await insertLicenses(transaction, 5, 100);
      await sql`update license set status = 'disabled'`.execute(transaction);
      expect(await tallied(transaction)).toEqual(await recounted(transaction));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await tallied()).toEqual(committed);
  await sql`truncate license cascade`.execute(database.db);
  expect(await tallied()).toEqual({});
});

test('a reader folds the rows once they pile up, into one row per measure and day', async () => {
  const tally = new OverviewTally(database.db);
  const query = {
    measures: ['license.class.pro', 'license.class.single', 'license.v8.waiting'],
    first: '2026-01-01',
    last: '2035-12-31',
    granularity: 'month' as const,
    withBefore: true,
  };
  for (let statement = 0; statement <= TALLY_FOLD_AT / 4; statement++) {
    await insertLicenses(database.db, 5, 100 * statement + 1);
  }
  const expected = await recounted();
  expect(await rowCount(sql`not folded`)).toBeGreaterThan(TALLY_FOLD_AT);
  const first = await tally.sums(query);
  expect(await rowCount(sql`not folded`)).toBe(0);
  expect(await rowCount()).toBe(Object.keys(expected).length);
  expect(await tally.sums(query)).toEqual(first);
  expect(await tallied()).toEqual(expected);
  // Folding again adds the new rows into the folded ones of the same days.
  // (Keys TESTAAAAAB…: licenses 100–199, those of the second statement.)
  await sql`update license set status = 'disabled' where key like 'TESTAAAAAB%'`.execute(database.db);
  await insertLicenses(database.db, 5, 50_000);
  await tally.fold();
  expect(await tallied()).toEqual(await recounted());
  expect(await rowCount(sql`not folded`)).toBe(0);
});

// PGlite runs one transaction at a time; concurrency needs a server.
describe.runIf(process.env['TEST_DB_BACKEND'] === 'postgres')('on a PostgreSQL server', () => {
  test('concurrent writers and folds keep the tally exact', async () => {
    const tally = new OverviewTally(database.db);
    const writer = async (number: number) => {
      for (let round = 0; round < 15; round++) {
        await inTransaction(database.db, async (transaction) => {
          await insertLicenses(transaction, 3, 100_000 * (number + 1) + 10 * round);
          if (round % 2 === 1) {
            await sql`update license set status = 'disabled'
              where key = (select min(key) from license where status <> 'disabled' and key like ${`TESTAA${'B23'[number]}%`})`.execute(
              transaction,
            );
          }
          await sql`select pg_sleep(0.005)`.execute(transaction);
        });
      }
    };
    const folder = async () => {
      for (let round = 0; round < 40; round++) await tally.fold();
    };
    await Promise.all([writer(0), writer(1), writer(2), folder(), folder()]);
    await tally.fold();
    expect(await tallied()).toEqual(await recounted());
    expect(await rowCount(sql`not folded`)).toBe(0);
  });
});
