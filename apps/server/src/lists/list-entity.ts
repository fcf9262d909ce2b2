import type { RawBuilder } from 'kysely';
import type { ListFields } from '@lizenzportal/domain';
import type { DB } from '../db/schema.ts';

/** A column of the entity's table, or an SQL expression over its row (a list inside JSON, …). */
export type ListColumn = string | RawBuilder<unknown>;

/**
 * A back-office list as the server runs it: the domain's field definitions (what can be filtered
 * and sorted, and how values are read) and the one place that says which column each field is.
 */
export interface ListEntity<
  Fields extends ListFields = ListFields,
  Table extends keyof DB & string = keyof DB & string,
> {
  table: Table;
  fields: Fields;
  columns: Record<Fields[number]['name'], ListColumn>;
}

/** Defines a list entity; the type demands a column for every field of the domain's definition. */
export function defineListEntity<const Fields extends ListFields, const Table extends keyof DB & string>(
  entity: ListEntity<Fields, Table>,
): ListEntity<Fields, Table> {
  return entity;
}
