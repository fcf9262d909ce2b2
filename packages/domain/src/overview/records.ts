import type { Filter } from '../list-query/address-syntax.ts';

/** The back-office lists the overview opens, by the name of their records. */
export const OVERVIEW_LISTS = [
  'license',
  'orderGeneration',
  'delivery',
  'upgradeSession',
  'download',
] as const;
export type OverviewList = (typeof OVERVIEW_LISTS)[number];

/**
 * Where the records behind a number are: a back-office list with its filters (as the list engine's
 * address writes them), visible and adjustable in the list's query builder.
 */
export interface RecordsLink {
  list: OverviewList;
  filters: Filter[];
}
