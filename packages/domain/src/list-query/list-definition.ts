import type { ListFields } from './fields.ts';

/**
 * A back-office list as the API and the back office both know it: the path it is read at
 * (`GET /api/v1<path>?…`, DESIGN.md §2), the name its answer gives the rows (`{ <key>: […], total,
 * totalExact }`) and its fields. The server's route and the web's page read it; neither writes the
 * path or the key again.
 */
export interface ListDefinition<
  Key extends string = string,
  Fields extends ListFields = ListFields,
  Row = unknown,
> {
  path: `/${string}`;
  key: Key;
  fields: Fields;
  /** Never set: the type of a row, for the code that shows one. */
  readonly row?: Row;
}

/** Declares a list whose rows are `Row`s: `defineList<License>()({ path, key, fields })`. */
export function defineList<Row>() {
  return <const Key extends string, const Fields extends ListFields>(
    list: Omit<ListDefinition<Key, Fields, Row>, 'row'>,
  ): ListDefinition<Key, Fields, Row> => list;
}

/** A list's answer: its rows under the list's key, and how many match. */
export type ListAnswer<List extends ListDefinition> = Record<List['key'], NonNullable<List['row']>[]> & {
  total: number;
  /** False: more rows match than `total`, where the server stopped counting (decision 025). */
  totalExact: boolean;
};
