import type { RawBuilder } from 'kysely';
import type { ListFields } from '@lizenzportal/domain';
import type { CountedTable } from './row-count.ts';

/** A column of the entity's table, or an SQL expression over its row (a list inside JSON, …). */
export type ListColumn = string | RawBuilder<unknown>;

/**
 * A back-office list as the server runs it: the domain's field definitions (what can be filtered
 * and sorted, and how values are read) and the one place that says which column each field is.
 */
export interface ListEntity<
  Fields extends ListFields = ListFields,
  Table extends CountedTable = CountedTable,
> {
  /** A table whose rows migration 014 counts: an unfiltered list reads its exact total there. */
  table: Table;
  fields: Fields;
  columns: Record<Fields[number]['name'], ListColumn>;
}

/** Defines a list entity; the type demands a column for every field of the domain's definition. */
export function defineListEntity<const Fields extends ListFields, const Table extends CountedTable>(
  entity: ListEntity<Fields, Table>,
): ListEntity<Fields, Table> {
  return entity;
}
