import type { RawBuilder } from 'kysely';

export type SortDirection = 'asc' | 'desc';

/** A list query compiled against its entity: only allow-listed columns, values as parameters. */
export interface ListRequest {
  /** Undefined: all rows (`limit=0`); 0 (never from an address): no rows, the total alone. */
  limit: number | undefined;
  skip: number;
  /** Ends with the row id, so that the order is total and pages never overlap. */
  orderBy: { expression: RawBuilder<unknown>; direction: SortDirection }[];
  where: RawBuilder<boolean> | undefined;
  /** Whether a filter searches by pattern: such a query runs under the statement timeout. */
  searches: boolean;
}
