import type { RawBuilder } from 'kysely';
import type { ListDefinition } from '@lizenzportal/domain';
import type { CountedTable } from './row-count.ts';

/** A column of the entity's table, or an SQL expression over its row (a list inside JSON, …). */
export type ListColumn = string | RawBuilder<unknown>;

/**
 * A back-office list as the server runs it: the domain's declaration of the list (path, answer key
 * and the fields that can be filtered and sorted) and the one place that says which column each
 * field is.
 */
export interface ListEntity<
  List extends ListDefinition = ListDefinition,
  Table extends CountedTable = CountedTable,
> {
  list: List;
  /** The list's table: an unfiltered list reads its exact total from the table's triggers (decision 028). */
  table: Table;
  columns: Record<List['fields'][number]['name'], ListColumn>;
}

/** Defines a list entity; the type demands a column for every field of the domain's definition. */
export function defineListEntity<const List extends ListDefinition, const Table extends CountedTable>(
  entity: ListEntity<List, Table>,
): ListEntity<List, Table> {
  return entity;
}
