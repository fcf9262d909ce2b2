import { type Kysely, type Selectable, sql } from 'kysely';
import type { ListRequest } from '../http/list-query.ts';
import type { DB } from './schema.ts';

/** One page of a table's rows matching a list request, and the number of all matching rows. */
export async function listPage<T extends keyof DB & string>(
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
