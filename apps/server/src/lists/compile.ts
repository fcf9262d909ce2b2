import { sql, type RawBuilder } from 'kysely';
import {
  acceptsApiOperator,
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_SORT,
  findListField,
  listMessages,
  normalizeSearchPattern,
  readFilterValue,
  searchPatternProblem,
  textProblem,
  type ApiFilter,
  type ApiFilterOperator,
  type ApiListQuery,
  type DateSpan,
  type FilterOperator,
  type FilterValue,
  type ListField,
} from '@lizenzportal/domain';
import { AppError } from '../lib/app-error.ts';
import type { ListColumn, ListEntity } from './list-entity.ts';
import type { ListRequest } from './list-request.ts';

/** The largest page; `limit=0` (all) is bounded by the same number of rows (see `listPage`). */
export const MAX_PAGE_SIZE = 1000;

/** The query builder's name of an API operator, for messages. */
const OPERATOR_NAMES: Record<ApiFilterOperator, FilterOperator> = {
  eq: 'eq',
  neq: 'neq',
  lt: 'lt',
  gt: 'gt',
  lte: 'lte',
  gte: 'gte',
  in: 'in',
  nin: 'nin',
  exists: 'exists',
  notexists: 'existsnot',
  regex: 'regex',
  notregex: 'regexnot',
};

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/**
 * Compiles a list query (DESIGN.md §2) against an entity: every field must be one of the entity's
 * fields, every operator one the field offers, every value one its type reads. Columns come only
 * from the entity's map and values travel as parameters: nothing of the request becomes SQL text.
 */
export function compileListQuery(query: ApiListQuery, entity: ListEntity): ListRequest {
  const limit = readCount(query.limit, 'limit', DEFAULT_LIST_LIMIT);
  if (limit > MAX_PAGE_SIZE) throw invalid(listMessages.limitTooHigh(MAX_PAGE_SIZE));
  const conditions = query.filters.map((filter) => condition(filter, entity));
  return {
    limit: limit === 0 ? undefined : limit,
    skip: readCount(query.skip, 'skip', 0),
    orderBy: readSort(query.sort || DEFAULT_LIST_SORT, entity),
    where: conditions.length > 0 ? sql<boolean>`${sql.join(conditions, sql` and `)}` : undefined,
    searches: query.filters.some(({ operator }) => operator === 'regex' || operator === 'notregex'),
  };
}

function readCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw invalid(listMessages.countExpected(name));
  return Number(value);
}

function fieldOf(entity: ListEntity, name: string): { field: ListField; column: RawBuilder<unknown> } {
  const field = findListField(entity.fields, name);
  if (!field) throw invalid(listMessages.unknownField(name));
  const column = (entity.columns as Record<string, ListColumn>)[name]!;
  return { field, column: typeof column === 'string' ? sql.ref(`${entity.table}.${column}`) : column };
}

function readSort(sort: string, entity: ListEntity): ListRequest['orderBy'] {
  const orderBy = sort.split(',').map((part) => {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const { field, column } = fieldOf(entity, name);
    if (!field.sortable) throw invalid(listMessages.notSortable(name));
    return { expression: column, direction: descending ? ('desc' as const) : ('asc' as const) };
  });
  const id = sql.ref(`${entity.table}.id`);
  return [...orderBy, { expression: id, direction: orderBy[0]?.direction ?? 'desc' }];
}

function valuesOf(field: ListField, filter: ApiFilter): FilterValue[] {
  if (filter.values.length === 0 || filter.values.some((value) => value === '' && field.type !== 'text')) {
    throw invalid(listMessages.valueRequired(field.label));
  }
  return filter.values.map((raw) => {
    const read = readFilterValue(field, raw);
    if (read.problem !== undefined) throw invalid(read.problem);
    return read.value;
  });
}

function condition(filter: ApiFilter, entity: ListEntity): RawBuilder<boolean> {
  const { field, column } = fieldOf(entity, filter.field);
  if (!acceptsApiOperator(field, filter.operator)) {
    throw invalid(listMessages.operatorNotAllowed(field.label, OPERATOR_NAMES[filter.operator]));
  }
  const isList = field.type.endsWith('List');
  if (filter.operator === 'regex' || filter.operator === 'notregex') {
    const pattern = filter.values[0] ?? '';
    const valueProblem = textProblem(field, pattern);
    if (valueProblem) throw invalid(valueProblem);
    const patternProblem = searchPatternProblem(pattern);
    if (patternProblem) throw new AppError('INVALID_SEARCH_PATTERN', patternProblem);
    const searched = field.normalize ? normalizeSearchPattern(pattern, field.normalize) : pattern;
    return searchCondition(column, searched, filter.operator === 'regex', isList);
  }
  if (filter.operator === 'exists') {
    return isList ? sql<boolean>`cardinality(${column}) > 0` : sql<boolean>`${column} is not null`;
  }
  if (filter.operator === 'notexists') {
    return isList ? sql<boolean>`coalesce(cardinality(${column}), 0) = 0` : sql<boolean>`${column} is null`;
  }
  const values = valuesOf(field, filter);
  if (isList)
    return listCondition(filter.operator, column, values, field.type === 'idList' ? 'uuid' : 'text');
  if (field.type === 'date') return dateCondition(filter.operator, column, values as DateSpan[]);
  return scalarCondition(filter.operator, column, values);
}

/**
 * A case-insensitive search in the text of a value (part of an ID or status, too) or of any
 * element of a list. A missing value matches no pattern, so it is among the non-matches.
 */
function searchCondition(
  column: RawBuilder<unknown>,
  pattern: string,
  matches: boolean,
  isList: boolean,
): RawBuilder<boolean> {
  const match = isList
    ? sql<boolean>`exists (select from unnest(${column}) as element where element::text ~* ${pattern})`
    : sql<boolean>`${column}::text ~* ${pattern}`;
  return matches ? match : sql<boolean>`not coalesce(${match}, false)`;
}

function scalarCondition(
  operator: ApiFilterOperator,
  column: RawBuilder<unknown>,
  values: FilterValue[],
): RawBuilder<boolean> {
  const [value] = values;
  switch (operator) {
    case 'eq':
      return sql<boolean>`${column} = ${value}`;
    case 'neq':
      return sql<boolean>`${column} is distinct from ${value}`;
    case 'in':
      return sql<boolean>`${column} in (${sql.join(values)})`;
    case 'nin':
      return sql<boolean>`(${column} is null or ${column} not in (${sql.join(values)}))`;
    case 'lt':
      return sql<boolean>`${column} < ${value}`;
    case 'gt':
      return sql<boolean>`${column} > ${value}`;
    case 'lte':
      return sql<boolean>`${column} <= ${value}`;
    default:
      return sql<boolean>`${column} >= ${value}`;
  }
}

/** A date names a span (a day, a minute, …): „am 31.12.26” is any time that day. */
function dateCondition(
  operator: ApiFilterOperator,
  column: RawBuilder<unknown>,
  [span]: DateSpan[],
): RawBuilder<boolean> {
  const { start, end } = span!;
  switch (operator) {
    case 'eq':
      return sql<boolean>`(${column} >= ${start} and ${column} < ${end})`;
    case 'neq':
      return sql<boolean>`(${column} is null or ${column} < ${start} or ${column} >= ${end})`;
    case 'lt':
      return sql<boolean>`${column} < ${start}`;
    case 'lte':
      return sql<boolean>`${column} < ${end}`;
    case 'gt':
      return sql<boolean>`${column} >= ${end}`;
    default:
      return sql<boolean>`${column} >= ${start}`;
  }
}

/** On a list, equality asks whether any element is one of the values. */
function listCondition(
  operator: ApiFilterOperator,
  column: RawBuilder<unknown>,
  values: FilterValue[],
  elementType: 'text' | 'uuid',
): RawBuilder<boolean> {
  const list = sql`array[${sql.join(values)}]::${sql.raw(elementType)}[]`;
  const overlaps = sql<boolean>`${column} && ${list}`;
  return operator === 'eq' || operator === 'in' ? overlaps : sql<boolean>`not ${overlaps}`;
}
