import { type Kysely, type Selectable, sql } from 'kysely';
import { listMessages, type ErrorCode } from '@lizenzportal/domain';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../lib/app-error.ts';
import { MAX_PAGE_SIZE } from './compile.ts';
import type { ListEntity } from './list-entity.ts';
import type { ListRequest } from './list-request.ts';
import { countedRows } from './row-count.ts';

/**
 * The longest a list query may run on a PostgreSQL server. The embedded PGlite cannot interrupt a
 * statement (it runs on the event loop, without timers); there the list syntax admits only
 * patterns PostgreSQL matches in time proportional to the text (see `searchPatternProblem`).
 */
export const LIST_QUERY_TIMEOUT_MS = 5000;

/**
 * How the database refuses a search: a pattern its regex dialect (not JavaScript's) cannot
 * compile, one too complex to compile (PostgreSQL: 2201B; PGlite: 54001, see
 * `pglite-host-exceptions.ts`), or a search that ran out of time. The client's search, not a
 * fault of the server.
 */
const REFUSED_SEARCH: Record<string, ErrorCode> = {
  '2201B': 'INVALID_SEARCH_PATTERN',
  '54001': 'SEARCH_TOO_COMPLEX',
  '57014': 'SEARCH_TOO_COMPLEX',
};

export type ListRow<Entity extends ListEntity> = Selectable<DB[Entity['table']]>;

/**
 * Runs `work` as a list query, with the database's refusals of a search turned into 400s. A search
 * (a pattern filter) runs under the statement timeout: matching a pattern may cost far more than
 * the rows it reads. Other list queries read at most the counted rows through their indexes and
 * skip the transaction the timeout needs, whose three round trips would cost more than the page.
 */
export async function runListQuery<T>(
  db: Kysely<DB>,
  request: Pick<ListRequest, 'searches'>,
  work: (db: Kysely<DB>) => Promise<T>,
): Promise<T> {
  try {
    if (!request.searches) return await work(db);
    return await inTransaction(db, async (transaction) => {
      await sql.raw(`set local statement_timeout = ${LIST_QUERY_TIMEOUT_MS}`).execute(transaction);
      return work(transaction);
    });
  } catch (error) {
    const code = REFUSED_SEARCH[String((error as { code?: unknown }).code)];
    if (code) throw new AppError(code, undefined, { cause: error });
    throw error;
  }
}

/**
 * Lists count matching rows exactly up to this many (decision 025): beyond, the answer says that
 * more match, instead of counting a million rows for every page. A page beyond it is counted
 * exactly. As many as „Alle” shows: 50 pages of 20, 10 of 100.
 */
export const EXACT_TOTAL_LIMIT = MAX_PAGE_SIZE;

/** A page of rows and how many rows match the list request; the route names the rows by the list's key. */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  /** False: more rows match than `total`, where counting stopped (`EXACT_TOTAL_LIMIT`). */
  totalExact: boolean;
}

/** One page of an entity's rows matching a list request, and how many rows match. */
export function listPage<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
): Promise<ListPage<ListRow<Entity>>> {
  return runListQuery(db, request, (transaction) => queryPage(transaction, entity, request));
}

async function queryPage<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
): Promise<ListPage<ListRow<Entity>>> {
  // Kysely cannot type a query over a table chosen by a type parameter; the row type is restored below.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const matching = untyped
    .selectFrom(entity.table)
    .$if(request.where !== undefined, (query) => query.where(request.where!));
  // The unfiltered list's total is kept exactly by triggers (decision 028). A filtered one is counted
  // over a LIMIT, which stops the scan there; a page beyond the limit is read from the end, which
  // needs the exact total (decision 025).
  const exactOnly = request.where === undefined || request.skip + (request.limit ?? 0) > EXACT_TOTAL_LIMIT;
  const count = sql<number>`count(*)::int`.as('total');
  const counted =
    request.where === undefined
      ? await countedRows(db, entity.table)
      : (
          await (
            exactOnly
              ? matching.select(count)
              : untyped
                  .selectFrom(
                    matching
                      .select(sql`1`.as('one'))
                      .limit(EXACT_TOTAL_LIMIT + 1)
                      .as('matching'),
                  )
                  .select(count)
          ).executeTakeFirstOrThrow()
        ).total;
  const totalExact = counted <= EXACT_TOTAL_LIMIT || exactOnly;
  const total = totalExact ? counted : EXACT_TOTAL_LIMIT;
  if (request.limit === undefined && (!totalExact || total > MAX_PAGE_SIZE)) {
    throw new AppError('VALIDATION_FAILED', listMessages.tooManyForAll(total, totalExact, MAX_PAGE_SIZE));
  }
  const { offset, limit, reversed } = pageWindow(request, total, totalExact);
  if (limit === 0) return { rows: [], total, totalExact };
  let page = matching.selectAll().offset(offset).limit(limit);
  for (const { expression, direction } of request.orderBy) {
    page = page.orderBy(expression, reversed ? (direction === 'asc' ? 'desc' : 'asc') : direction);
  }
  const rows = (await page.execute()) as ListRow<Entity>[];
  return { rows: reversed ? rows.reverse() : rows, total, totalExact };
}

/**
 * Which rows to read. A page in the second half is read from the end, in reverse order: the
 * database then skips the rows after it instead of all before it, so the last page of a million
 * rows costs what the first does. The order is total (it ends with the id) and PostgreSQL puts
 * nulls last ascending and first descending, so reversing every direction reverses the order
 * exactly. Where the end is unknown (`totalExact` false: the page lies within the counted rows),
 * the page is read from the start.
 */
export function pageWindow(
  request: Pick<ListRequest, 'limit' | 'skip'>,
  total: number,
  totalExact = true,
): { offset: number; limit: number; reversed: boolean } {
  const limit = Math.max(0, Math.min(request.limit ?? total, total - request.skip));
  const fromEnd = total - request.skip - limit;
  return totalExact && fromEnd < request.skip
    ? { offset: fromEnd, limit, reversed: true }
    : { offset: request.skip, limit, reversed: false };
}
