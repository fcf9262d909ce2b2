import { PassThrough, type Readable } from 'node:stream';
import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ListEntity } from './list-entity.ts';
import { runListQuery, type ListRow } from './list-page.ts';
import type { ListRequest } from './list-request.ts';

/** Rows read per round trip: small enough to keep memory flat, large enough to keep it fast. */
const EXPORT_BATCH_SIZE = 500;

/**
 * Every row that matches a list request, in its order and without paging, streamed: rows are read
 * through a cursor in batches, in one transaction (one consistent snapshot), and the next batch is
 * read only once the reader took the last one, so memory stays flat however long the list is. A
 * refused search (an invalid pattern) rejects before the first byte, as a 400; a reader that goes
 * away ends the transaction.
 */
export async function streamListRows<Entity extends ListEntity>(
  db: Kysely<DB>,
  entity: Entity,
  request: ListRequest,
  format: { head: string; rows: (rows: ListRow<Entity>[]) => string },
): Promise<Readable> {
  const output = new PassThrough();
  let started: (() => void) | undefined;
  const firstBatch = new Promise<void>((resolve) => (started = resolve));
  const reading = runListQuery(db, async (transaction) => {
    // Kysely cannot type a query over a table chosen by a type parameter.
    const untyped = transaction as unknown as Kysely<Record<string, Record<string, unknown>>>;
    let query = untyped
      .selectFrom(entity.table)
      .selectAll()
      .$if(request.where !== undefined, (select) => select.where(request.where!));
    for (const { expression, direction } of request.orderBy) query = query.orderBy(expression, direction);
    const compiled = query.compile();
    await transaction.executeQuery(
      CompiledQuery.raw(`declare list_export no scroll cursor for ${compiled.sql}`, [...compiled.parameters]),
    );
    let chunk = format.head;
    for (;;) {
      const { rows } = await transaction.executeQuery<ListRow<Entity>>(
        CompiledQuery.raw(`fetch ${EXPORT_BATCH_SIZE} from list_export`),
      );
      started?.();
      chunk += format.rows(rows);
      if (!(await write(output, chunk))) return;
      chunk = '';
      if (rows.length < EXPORT_BATCH_SIZE) return;
    }
  });
  const finished = reading.then(
    () => output.end(),
    (error: unknown) => {
      output.destroy(error as Error);
      throw error;
    },
  );
  // Whichever comes first: the first batch (stream it) or the failure (answer with its error).
  await Promise.race([firstBatch, finished]);
  finished.catch(() => undefined);
  return output;
}

/** Writes a chunk and waits until the reader wants more; false once the reader has gone. */
async function write(output: PassThrough, chunk: string): Promise<boolean> {
  if (output.destroyed) return false;
  if (output.write(chunk)) return true;
  return new Promise((resolve) => {
    const drained = () => {
      output.off('close', closed);
      resolve(true);
    };
    const closed = () => {
      output.off('drain', drained);
      resolve(false);
    };
    output.once('drain', drained);
    output.once('close', closed);
  });
}
