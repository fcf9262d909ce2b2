import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A table whose rows a list counts: any table of the schema. The first unfiltered read of one
 * starts counting it (migration 032), so a new list needs no list of counted tables nor a migration.
 */
export type CountedTable = keyof DB & string;

/**
 * How many delta rows of one table a reader leaves before it folds them into one: summing a few
 * dozen rows costs nothing measurable, and the fold runs once per that many writing statements.
 */
export const ROW_COUNT_FOLD_AT = 32;

/**
 * The exact number of rows of a list's table, as the reader's snapshot sees it, without counting
 * them: the sum of the deltas the table's triggers recorded (migration 014, decision 028). A table
 * read for the first time gets its triggers and its count then (`list_row_count_read`, migration
 * 032, decision 071). When the deltas have piled up, they are folded into one row afterwards.
 */
export async function countedRows(db: Kysely<DB>, table: CountedTable): Promise<number> {
  const { rows } = await sql<{ total: string; parts: number }>`
    select total, parts from list_row_count_read(${table})
  `.execute(db);
  const { total, parts } = rows[0]!;
  if (parts > ROW_COUNT_FOLD_AT) await foldRowCounts(db, table);
  return Number(total);
}

/**
 * Replaces a table's delta rows by their sum, in one statement. Exact beside concurrent writers and
 * folds: a delta a writer has not committed yet is invisible here and stays; a row another fold
 * deleted meanwhile is skipped once that fold commits (and its sum, inserted after this statement's
 * snapshot, is not seen), so no delta is lost or counted twice.
 */
export async function foldRowCounts(db: Kysely<DB>, table: CountedTable): Promise<void> {
  await sql`
    with folded as (delete from list_row_count where table_name = ${table} returning delta)
    insert into list_row_count (table_name, delta)
    select ${table}, sum(delta) from folded having count(*) > 0
  `.execute(db);
}
