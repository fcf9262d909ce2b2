import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseApiListQuery } from '@lizenzportal/domain';
import type { Database } from '../db/database.ts';
import { LICENSE_LIST_ENTITY } from '../modules/licenses/list.ts';
import { createTestDatabase } from '../test/database.ts';
import { compileListQuery } from './compile.ts';
import { EXACT_TOTAL_LIMIT, LIST_QUERY_TIMEOUT_MS, listPage, pageWindow } from './list-page.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

// PGlite runs a statement on the event loop and has no timers to stop it: there the list syntax
// keeps patterns linear instead (no back-references).
describe.runIf(process.env['TEST_DB_BACKEND'] === 'postgres')('on a PostgreSQL server', () => {
  test('a list query that runs too long is stopped and refused as too complex', async () => {
    const started = Date.now();
    const slow = listPage(database.db, LICENSE_LIST_ENTITY, {
      limit: 20,
      skip: 0,
      orderBy: [{ expression: sql.ref('id'), direction: 'desc' }],
      where: sql<boolean>`(select pg_sleep(${(LIST_QUERY_TIMEOUT_MS * 3) / 1000})) is not null`,
      searches: true,
    });
    await expect(slow).rejects.toMatchObject({ code: 'SEARCH_TOO_COMPLEX', statusCode: 400 });
    expect(Date.now() - started).toBeLessThan(LIST_QUERY_TIMEOUT_MS * 2);
    const { rows } = await sql<{
      timeout: string;
    }>`select current_setting('statement_timeout') as timeout`.execute(database.db);
    expect(rows).toEqual([{ timeout: '0' }]);
  }, 30_000);
});

test('only a search runs under the statement timeout (in a transaction of its own)', () => {
  const compiled = (query: string) => compileListQuery(parseApiListQuery(query), LICENSE_LIST_ENTITY);
  expect(compiled('holder.name=/müller/i').searches).toBe(true);
  expect(compiled('status=bound&notes!=/x/i').searches).toBe(true);
  expect(compiled('status=bound&properties.size>=3&holder.email').searches).toBe(false);
});

describe('the total of a long list', () => {
  const page = (query: string) =>
    listPage(
      database.db,
      LICENSE_LIST_ENTITY,
      compileListQuery(parseApiListQuery(query), LICENSE_LIST_ENTITY),
    );

  beforeAll(async () => {
    // One more license than the list counts exactly, the first ten of them notes „Zehn”; size n, older as n grows.
    await sql`
      insert into license (key, version, start_code, authentication_code, status, type_of_entry, class, type,
        size, delivery, special_permissions, notes, created_at)
      select 'BULK' || translate(lpad(n::text, 8, '0'), '01', 'AB'), '9', '123456', '123456', 'unbound', 'order',
        'pro', 'full', n, 'download', '{}', case when n <= 10 then 'Zehn' end, now() - make_interval(secs => n)
      from generate_series(1, ${EXACT_TOTAL_LIMIT + 1}) as n
    `.execute(database.db);
  }, 60_000);

  test('filtered, beyond the limit the total says that more match; the pages within it read from the start', async () => {
    // Every license is of class pro: the filter matches them all, and they are counted up to the limit.
    const first = await page('properties.class=pro');
    expect(first).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: false });
    expect(first.rows.map((row) => row.size)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const lastCounted = await page(`properties.class=pro&skip=${EXACT_TOTAL_LIMIT - 20}`);
    expect(lastCounted).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: false });
    expect(lastCounted.rows.map((row) => row.size)).toEqual(
      Array.from({ length: 20 }, (_, index) => EXACT_TOTAL_LIMIT - 19 + index),
    );
  });

  test('filtered, a page beyond the limit is counted exactly and holds the oldest rows', async () => {
    const beyond = await page(`properties.class=pro&skip=${EXACT_TOTAL_LIMIT}`);
    expect(beyond).toMatchObject({ total: EXACT_TOTAL_LIMIT + 1, totalExact: true });
    expect(beyond.rows.map((row) => row.size)).toEqual([EXACT_TOTAL_LIMIT + 1]);
  });

  test('unfiltered, the total is exact on every page and the last page holds the oldest rows', async () => {
    expect(await page('')).toMatchObject({ total: EXACT_TOTAL_LIMIT + 1, totalExact: true });
    const last = await page(`skip=${EXACT_TOTAL_LIMIT - 19}`);
    expect(last).toMatchObject({ total: EXACT_TOTAL_LIMIT + 1, totalExact: true });
    expect(last.rows.map((row) => row.size)).toEqual(
      Array.from({ length: 20 }, (_, index) => EXACT_TOTAL_LIMIT - 18 + index),
    );
  });

  test('filtered below the limit, the total is exact; „Alle” names the lower bound or the exact total', async () => {
    expect(await page('notes=Zehn&limit=0')).toMatchObject({ total: 10, totalExact: true });
    await expect(page('properties.class=pro&limit=0')).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining(
        `Die Liste hat mehr als ${EXACT_TOTAL_LIMIT.toLocaleString('de-DE')} Einträge`,
      ),
    });
    await expect(page('limit=0')).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining(
        `Die Liste hat ${(EXACT_TOTAL_LIMIT + 1).toLocaleString('de-DE')} Einträge`,
      ),
    });
  });
});

describe('the rows a page reads', () => {
  test('pages in the first half are read from the start', () => {
    expect(pageWindow({ limit: 20, skip: 0 }, 100)).toEqual({ offset: 0, limit: 20, reversed: false });
    expect(pageWindow({ limit: 20, skip: 40 }, 100)).toEqual({ offset: 40, limit: 20, reversed: false });
  });

  test('pages in the second half are read backwards from the end', () => {
    expect(pageWindow({ limit: 20, skip: 60 }, 100)).toEqual({ offset: 20, limit: 20, reversed: true });
    expect(pageWindow({ limit: 20, skip: 999_980 }, 1_000_000)).toEqual({
      offset: 0,
      limit: 20,
      reversed: true,
    });
    // The last page of 45 holds 5 rows.
    expect(pageWindow({ limit: 20, skip: 40 }, 45)).toEqual({ offset: 0, limit: 5, reversed: true });
  });

  test('without the exact total, every page is read from the start', () => {
    expect(pageWindow({ limit: 20, skip: 980 }, 1000, false)).toEqual({
      offset: 980,
      limit: 20,
      reversed: false,
    });
  });

  test('a page beyond the total reads nothing; all rows are one page', () => {
    expect(pageWindow({ limit: 20, skip: 60 }, 45).limit).toBe(0);
    expect(pageWindow({ limit: undefined, skip: 0 }, 45)).toEqual({ offset: 0, limit: 45, reversed: false });
  });
});
