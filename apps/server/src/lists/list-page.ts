import { type Kysely, type Selectable, sql } from 'kysely';
import { listMessages, type ErrorCode } from '@lizenzportal/domain';
import type { DB } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/app-error.ts';
import { MAX_PAGE_SIZE } from './compile.ts';
import type { ListEntity } from './list-entity.ts';
import type { ListRequest } from './list-request.ts';

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
 * Runs `work` as a list query: under the statement timeout, with the database's refusals of a
 * search turned into 400s.
 */
export async function runListQuery<T>(db: Kysely<DB>, work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  try {
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

/** One page of an entity's rows matching a list request, and the number of all matching rows. */
export function listPage<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
): Promise<{ rows: ListRow<Entity>[]; total: number }> {
  return runListQuery(db, (transaction) => queryPage(transaction, entity, request));
}

async function queryPage<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
): Promise<{ rows: ListRow<Entity>[]; total: number }> {
  // Kysely cannot type a query over a table chosen by a type parameter; the row type is restored below.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const matching = untyped
    .selectFrom(entity.table)
    .$if(request.where !== undefined, (query) => query.where(request.where!));
  const { total } = await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const count = total as number;
  if (request.limit === undefined && count > MAX_PAGE_SIZE) {
    throw new AppError('VALIDATION_FAILED', listMessages.tooManyForAll(count, MAX_PAGE_SIZE));
  }
  const { offset, limit, reversed } = pageWindow(request, count);
  if (limit === 0) return { rows: [], total: count };
  let page = matching.selectAll().offset(offset).limit(limit);
  for (const { expression, direction } of request.orderBy) {
    page = page.orderBy(expression, reversed ? (direction === 'asc' ? 'desc' : 'asc') : direction);
  }
  const rows = (await page.execute()) as ListRow<Entity>[];
  return { rows: reversed ? rows.reverse() : rows, total: count };
}

/**
 * Which rows to read. A page in the second half is read from the end, in reverse order: the
 * database then skips the rows after it instead of all before it, so the last page of a million
 * rows costs what the first does. The order is total (it ends with the id) and PostgreSQL puts
 * nulls last ascending and first descending, so reversing every direction reverses the order
 * exactly.
 */
export function pageWindow(
  request: Pick<ListRequest, 'limit' | 'skip'>,
  total: number,
): { offset: number; limit: number; reversed: boolean } {
  const limit = Math.max(0, Math.min(request.limit ?? total, total - request.skip));
  const fromEnd = total - request.skip - limit;
  return fromEnd < request.skip
    ? { offset: fromEnd, limit, reversed: true }
    : { offset: request.skip, limit, reversed: false };
}
