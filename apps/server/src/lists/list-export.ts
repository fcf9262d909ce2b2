import { Readable } from 'node:stream';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ListEntity } from './list-entity.ts';
import { runListQuery, type ListRow } from './list-page.ts';
import type { ListRequest } from './list-request.ts';

/** Rows read per query: small enough to keep memory flat, large enough to keep it fast. */
const EXPORT_BATCH_SIZE = 500;

type SortKeys = ListRequest['orderBy'];
/** The sort keys of the last row sent, as the database writes them (`::text`: no precision lost). */
type SortValues = (string | null)[];

const sortColumn = (index: number) => `export_sort_key_${index}`;

/**
 * Every row that matches a list request, in its order and without paging, streamed in batches.
 * Each batch is its own short query (under the statement timeout when it searches) for the rows
 * after the last one sent (keyset paging on the sort keys, which end with the id), so a long export
 * never holds a transaction open between batches: on PGlite, an open
 * transaction blocks every other request (decisions 002, 025). The next batch is read only once the
 * reader took the last one, so memory stays flat. A refused search (an invalid pattern) rejects
 * before the first byte, as a 400.
 */
export async function streamListRows<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
  format: { head: string; rows: (rows: ListRow<Entity>[]) => string },
): Promise<Readable> {
  const batches = readBatches(db, entity, request);
  const first = await batches.next();
  async function* chunks() {
    yield format.head + format.rows(first.done ? [] : first.value);
    for await (const rows of batches) yield format.rows(rows);
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function* readBatches<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
): AsyncGenerator<ListRow<Entity>[]> {
  const keys = request.orderBy;
  // Where the next batch starts, and whether it reads the last of the first key's segments.
  let next: { after: RawBuilder<boolean> | undefined; lastSegment: boolean } = {
    after: undefined,
    lastSegment: true,
  };
  for (;;) {
    const found = await runListQuery(db, request, (transaction) => {
      // Kysely cannot type a query over a table chosen by a type parameter.
      const untyped = transaction as unknown as Kysely<Record<string, Record<string, unknown>>>;
      let query = untyped
        .selectFrom(entity.table)
        .selectAll()
        .select(keys.map(({ expression }, index) => sql`${expression}::text`.as(sortColumn(index))))
        .$if(request.where !== undefined, (select) => select.where(request.where!))
        .$if(next.after !== undefined, (select) => select.where(next.after!))
        .limit(EXPORT_BATCH_SIZE);
      for (const { expression, direction } of keys) query = query.orderBy(expression, direction);
      return query.execute();
    });
    const last = found.at(-1);
    yield found.map((row) => withoutSortKeys(row, keys.length) as ListRow<Entity>);
    if (found.length === EXPORT_BATCH_SIZE) {
      const values = keys.map((_, index) => last![sortColumn(index)] as string | null);
      next = { after: afterWithinSegment(keys, values), lastSegment: isLastSegment(keys[0]!, values[0]!) };
    } else if (next.lastSegment) {
      return;
    } else {
      next = { after: nextSegment(keys[0]!), lastSegment: true };
    }
  }
}

function withoutSortKeys(row: Record<string, unknown>, count: number): Record<string, unknown> {
  const copy = { ...row };
  for (let index = 0; index < count; index++) delete copy[sortColumn(index)];
  return copy;
}

/*
 * The rows after a row, in an order whose keys may be null (PostgreSQL: nulls last ascending, first
 * descending). The first key splits the order into two segments, its null and its non-null values;
 * a batch reads on within the segment of the last row, with a plain range on the first key (`<=`,
 * `>=`, `is null`) that an index on it can serve, and once a segment runs out the next one starts.
 * The keys after the first, compared in full below, only break ties.
 */

function afterWithinSegment(keys: SortKeys, values: SortValues): RawBuilder<boolean> {
  const [first, ...rest] = keys;
  const { expression: key, direction } = first!;
  const [value, ...restValues] = values;
  const ties = after(rest, restValues);
  if (value === null) return sql<boolean>`(${key} is null and ${ties})`;
  return direction === 'desc'
    ? sql<boolean>`(${key} <= ${value} and (${key} < ${value} or (${key} = ${value} and ${ties})))`
    : sql<boolean>`(${key} >= ${value} and (${key} > ${value} or (${key} = ${value} and ${ties})))`;
}

/** Ascending, the nulls come last; descending, the non-null values do. */
function isLastSegment(first: SortKeys[number], value: string | null): boolean {
  return first.direction === 'asc' ? value === null : value !== null;
}

function nextSegment({ expression, direction }: SortKeys[number]): RawBuilder<boolean> {
  return direction === 'asc' ? sql<boolean>`${expression} is null` : sql<boolean>`${expression} is not null`;
}

/** The rows after the values in the order of the keys, nulls included; no keys: none. */
function after(keys: SortKeys, values: SortValues): RawBuilder<boolean> {
  const [first, ...rest] = keys;
  if (!first) return sql<boolean>`false`;
  const { expression: key, direction } = first;
  const [value, ...restValues] = values;
  const ties = after(rest, restValues);
  if (value === null) {
    return direction === 'desc'
      ? sql<boolean>`(${key} is not null or (${key} is null and ${ties}))`
      : sql<boolean>`(${key} is null and ${ties})`;
  }
  return direction === 'desc'
    ? sql<boolean>`(${key} < ${value} or (${key} = ${value} and ${ties}))`
    : sql<boolean>`(${key} > ${value} or ${key} is null or (${key} = ${value} and ${ties}))`;
}
