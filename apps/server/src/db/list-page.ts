import { type Kysely, type Selectable, sql } from 'kysely';
import { AppError } from '../http/app-error.ts';
import type { ListRequest } from '../http/list-query.ts';
import type { DB } from './schema.ts';

/**
 * One page of a table's rows matching a list request, and the number of all matching rows. A
 * search pattern only PostgreSQL can judge (its regex dialect is not JavaScript's) that it refuses
 * is the client's error.
 */
export async function listPage<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  request: ListRequest,
): Promise<{ rows: Selectable<DB[T]>[]; total: number }> {
  try {
    return await queryPage(db, table, request);
  } catch (error) {
    if ((error as { code?: unknown }).code === INVALID_REGULAR_EXPRESSION) {
      throw new AppError('VALIDATION_FAILED', 'Das Suchmuster ist ungültig.', { cause: error });
    }
    throw error;
  }
}

/** SQLSTATE of a regular expression PostgreSQL cannot compile. */
const INVALID_REGULAR_EXPRESSION = '2201B';

async function queryPage<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  request: ListRequest,
): Promise<{ rows: Selectable<DB[T]>[]; total: number }> {
  // Kysely cannot type a query over a table chosen by a type parameter; the result type is restored below.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const matching = untyped
    .selectFrom(table as string)
    .$if(request.where !== undefined, (query) => query.where(request.where!));
  const { total } = await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  let page = matching.selectAll().offset(request.skip);
  for (const { column, direction } of request.orderBy) page = page.orderBy(sql.ref(column), direction);
  if (request.limit !== undefined) page = page.limit(request.limit);
  return { rows: (await page.execute()) as Selectable<DB[T]>[], total: total as number };
}
