import {
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_SORT,
  parseAddressFilters,
  serializeAddressFilters,
  toApiFilter,
  toApiQueryString,
  type Filter,
} from '@lizenzportal/domain';
import { FILTER_PARAMETER } from './list-address.ts';

/**
 * The state of a back-office list (paging, sort, filters) lives in the page address, so a list can
 * be bookmarked, shared and restored with the browser's back button. The spec's address format:
 * `limit`, `skip`, `sort` (`-` prefix = descending) and
 * `filter=field~operator~value__field~operator~v1,v2`.
 */

export interface ListState {
  /** Items per page; 0 shows all. */
  limit: number;
  skip: number;
  sort: string;
  filters: Filter[];
}

/** The page size choices; 0 means "Alle". */
export const PAGE_SIZES = [20, 50, 100, 0] as const;

const DEFAULT_LIST_STATE: ListState = {
  limit: DEFAULT_LIST_LIMIT,
  skip: 0,
  sort: DEFAULT_LIST_SORT,
  filters: [],
};

export type ListChange =
  | { page: number }
  | { limit: number }
  | { sort: string }
  | { filters: Filter[] }
  /** The total the server reported: a page beyond it turns into the last page. */
  | { total: number };

/** Reads the list state from the address; anything malformed falls back to the default. */
export function parseListState(search: URLSearchParams): ListState {
  return {
    limit: parseCount(search.get('limit')) ?? DEFAULT_LIST_STATE.limit,
    skip: parseCount(search.get('skip')) ?? DEFAULT_LIST_STATE.skip,
    sort: parseSort(search.get('sort')) ?? DEFAULT_LIST_STATE.sort,
    filters: parseAddressFilters(search.get(FILTER_PARAMETER)),
  };
}

/**
 * The address after one change of the list. Every change but paging starts again at the first
 * page; other query parameters are kept.
 */
export function updateListState(search: URLSearchParams, change: ListChange): URLSearchParams {
  const state = parseListState(search);
  const next: ListState = { ...state };
  if ('page' in change) next.skip = state.limit === 0 ? 0 : Math.max(0, change.page - 1) * state.limit;
  if ('limit' in change) Object.assign(next, { limit: change.limit, skip: 0 });
  if ('sort' in change) Object.assign(next, { sort: change.sort, skip: 0 });
  if ('filters' in change) Object.assign(next, { filters: change.filters, skip: 0 });
  if ('total' in change && next.skip >= change.total) next.skip = lastPageSkip(next.limit, change.total);
  return writeListState(search, next);
}

/**
 * A short address into a list names a field directly (`/backend/download?license={id}`,
 * back-office spec §2). It becomes an equality filter of the list's state, so the query builder
 * shows it and it is removed like any other filter. Undefined when the address names none of the
 * fields.
 */
export function fieldParametersAsFilters(
  search: URLSearchParams,
  fields: readonly string[],
): URLSearchParams | undefined {
  const named = fields.filter((field) => search.get(field));
  if (named.length === 0) return undefined;
  const rest = new URLSearchParams(search);
  for (const field of fields) rest.delete(field);
  const filters = parseListState(rest).filters.filter((filter) => !named.includes(filter.field));
  for (const field of named) filters.push({ field, operator: 'eq', values: [search.get(field)!] });
  return updateListState(rest, { filters });
}

/** The list request to the API: paging, sort, and the filters in the API's syntax (DESIGN §2). */
export function toApiQuery(state: ListState): string {
  return toApiQueryString({
    limit: String(state.limit),
    skip: String(state.skip),
    sort: state.sort,
    filters: state.filters.map(toApiFilter),
  });
}

/** The 1-based page the state shows. */
export function currentPage(state: ListState): number {
  return state.limit === 0 ? 1 : Math.floor(state.skip / state.limit) + 1;
}

export function pageCount(state: ListState, total: number): number {
  return state.limit === 0 ? 1 : Math.max(1, Math.ceil(total / state.limit));
}

function lastPageSkip(limit: number, total: number): number {
  return limit === 0 || total === 0 ? 0 : (Math.ceil(total / limit) - 1) * limit;
}

function writeListState(search: URLSearchParams, state: ListState): URLSearchParams {
  const result = new URLSearchParams(search);
  const entries: [string, string, string][] = [
    ['limit', String(state.limit), String(DEFAULT_LIST_STATE.limit)],
    ['skip', String(state.skip), String(DEFAULT_LIST_STATE.skip)],
    ['sort', state.sort, DEFAULT_LIST_STATE.sort],
    [FILTER_PARAMETER, serializeAddressFilters(state.filters), ''],
  ];
  // Defaults stay out of the address, so an untouched list has a plain address.
  for (const [name, value, fallback] of entries) {
    if (value === fallback) result.delete(name);
    else result.set(name, value);
  }
  return result;
}

function parseCount(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
}

function parseSort(value: string | null): string | undefined {
  return value !== null && /^-?[A-Za-z][\w.]*$/.test(value) ? value : undefined;
}
