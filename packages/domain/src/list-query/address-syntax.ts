import type { ApiFilter } from './api-syntax.ts';
import { isFilterOperator, operatorRow, type ApiFilterOperator, type FilterOperator } from './operators.ts';

export interface Filter {
  field: string;
  operator: FilterOperator;
  values: string[];
}

/**
 * The characters that structure the address (`__` between filters, `~` between the parts, `,`
 * between values) and the escape character itself are written as `%XX` inside a value, so any
 * value survives the address. Values without them look as DESIGN.md §2 shows.
 */
const ESCAPED = /[%,~_]/g;
const ESCAPE_SEQUENCE = /%(25|2C|7E|5F)/gi;

function escapeValue(value: string): string {
  return value.replace(ESCAPED, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The inverse of `escapeValue`; any other `%` (an address typed by hand) stays as it is. */
function unescapeValue(value: string): string {
  return value.replace(ESCAPE_SEQUENCE, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Reads the `filter` address parameter: filters joined by `__`, each `field~operator~value`,
 * several values (of an operator that takes several) separated by commas. Malformed parts are dropped: an address typed
 * by hand must not break the page; there a `~` or a comma after the operator of a one-value
 * operator is part of the value.
 */
export function parseAddressFilters(parameter: string | null | undefined): Filter[] {
  if (!parameter) return [];
  return parameter.split('__').flatMap((part): Filter[] => {
    const [field, operator, ...valueParts] = part.split('~');
    if (!field || !operator || !isFilterOperator(operator)) return [];
    const value = valueParts.join('~');
    const kind = operatorRow(operator).value;
    if (kind === 'none') return [{ field, operator, values: [] }];
    if (kind !== 'several') return [{ field, operator, values: [unescapeValue(value)] }];
    const values = value === '' ? [] : value.split(',').map(unescapeValue);
    return [{ field, operator, values }];
  });
}

export function serializeAddressFilters(filters: readonly Filter[]): string {
  return filters
    .map((filter) => [filter.field, filter.operator, filter.values.map(escapeValue).join(',')].join('~'))
    .join('__');
}

/** Translates a query-builder filter into the API's syntax: by its own form, or as the pattern its row makes. */
export function toApiFilter(filter: Filter): ApiFilter {
  const { field, operator, values } = filter;
  const { api, value } = operatorRow(operator);
  if (typeof api !== 'string') return { field, operator: api.as, values: [api.pattern(values[0] ?? '')] };
  // A row with a form of its own: its name is an API operator.
  return { field, operator: operator as ApiFilterOperator, values: value === 'none' ? [] : values };
}
