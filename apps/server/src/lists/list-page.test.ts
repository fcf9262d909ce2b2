import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import { LICENSE_LIST } from '../modules/licenses/list.ts';
import { createTestDatabase } from '../test/database.ts';
import { LIST_QUERY_TIMEOUT_MS, listPage, pageWindow } from './list-page.ts';

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
    const slow = listPage(database.db, LICENSE_LIST, {
      limit: 20,
      skip: 0,
      orderBy: [{ expression: sql.ref('id'), direction: 'desc' }],
      where: sql<boolean>`(select pg_sleep(${(LIST_QUERY_TIMEOUT_MS * 3) / 1000})) is not null`,
    });
    await expect(slow).rejects.toMatchObject({ code: 'SEARCH_TOO_COMPLEX', statusCode: 400 });
    expect(Date.now() - started).toBeLessThan(LIST_QUERY_TIMEOUT_MS * 2);
    const { rows } = await sql<{
      timeout: string;
    }>`select current_setting('statement_timeout') as timeout`.execute(database.db);
    expect(rows).toEqual([{ timeout: '0' }]);
  }, 30_000);
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

  test('a page beyond the total reads nothing; all rows are one page', () => {
    expect(pageWindow({ limit: 20, skip: 60 }, 45).limit).toBe(0);
    expect(pageWindow({ limit: undefined, skip: 0 }, 45)).toEqual({ offset: 0, limit: 45, reversed: false });
  });
});
