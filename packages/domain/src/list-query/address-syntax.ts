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

/**
 * Reads the `filter` address parameter: filters joined by `__`, each `field~operator~value`,
 * several values separated by commas. Malformed parts are dropped: an address typed by hand must
 * not break the page.
 */
export function parseAddressFilters(parameter: string | null | undefined): Filter[] {
  if (!parameter) return [];
  return parameter.split('__').flatMap((part) => {
    const [field, operator, value = ''] = part.split('~');
    if (!field || !operator || !isOperator(operator)) return [];
    const values = operator === 'exists' || operator === 'existsnot' ? [] : value.split(',');
    return [{ field, operator, values }];
  });
}

export function serializeAddressFilters(filters: readonly Filter[]): string {
  return filters
    .map((filter) => [filter.field, filter.operator, filter.values.join(',')].join('~'))
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
