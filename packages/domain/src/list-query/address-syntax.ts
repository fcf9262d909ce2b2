import { escapeRegex, type ApiFilter } from './api-syntax.ts';

/** The filter operators of the back office's query builder (back-office spec §5). */
export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'lt',
  'gt',
  'lte',
  'gte',
  'in',
  'nin',
  'exists',
  'existsnot',
  'regex',
  'regexnot',
  'contains',
  'containsnot',
  'startswith',
  'startswithnot',
  'endswith',
  'endswithnot',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface Filter {
  field: string;
  operator: FilterOperator;
  values: string[];
}

const isOperator = (value: string): value is FilterOperator =>
  (FILTER_OPERATORS as readonly string[]).includes(value);

/** Operators whose value is a list: only their value is split on commas. */
const MULTI_VALUE_OPERATORS = new Set<FilterOperator>(['in', 'nin']);

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
 * several values of `in`/`nin` separated by commas. Malformed parts are dropped: an address typed
 * by hand must not break the page; there a `~` or a comma after the operator of a one-value
 * operator is part of the value.
 */
export function parseAddressFilters(parameter: string | null | undefined): Filter[] {
  if (!parameter) return [];
  return parameter.split('__').flatMap((part): Filter[] => {
    const [field, operator, ...valueParts] = part.split('~');
    if (!field || !operator || !isOperator(operator)) return [];
    const value = valueParts.join('~');
    if (operator === 'exists' || operator === 'existsnot') return [{ field, operator, values: [] }];
    if (!MULTI_VALUE_OPERATORS.has(operator)) return [{ field, operator, values: [unescapeValue(value)] }];
    const values = value === '' ? [] : value.split(',').map(unescapeValue);
    return [{ field, operator, values }];
  });
}

export function serializeAddressFilters(filters: readonly Filter[]): string {
  return filters
    .map((filter) => [filter.field, filter.operator, filter.values.map(escapeValue).join(',')].join('~'))
    .join('__');
}

/** Translates a query-builder filter into the API's syntax. */
export function toApiFilter(filter: Filter): ApiFilter {
  const { field, values } = filter;
  const first = values[0] ?? '';
  const pattern = (source: string, negated: boolean): ApiFilter => ({
    field,
    operator: negated ? 'notregex' : 'regex',
    values: [source],
  });
  switch (filter.operator) {
    case 'exists':
      return { field, operator: 'exists', values: [] };
    case 'existsnot':
      return { field, operator: 'notexists', values: [] };
    case 'regex':
    case 'regexnot':
      return pattern(first, filter.operator === 'regexnot');
    case 'contains':
    case 'containsnot':
      return pattern(escapeRegex(first), filter.operator === 'containsnot');
    case 'startswith':
    case 'startswithnot':
      return pattern(`^${escapeRegex(first)}`, filter.operator === 'startswithnot');
    case 'endswith':
    case 'endswithnot':
      return pattern(`${escapeRegex(first)}$`, filter.operator === 'endswithnot');
    default:
      return { field, operator: filter.operator, values };
  }
}
