import { sql, type RawBuilder } from 'kysely';
import {
  acceptsApiOperator,
  apiOperatorRow,
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_SORT,
  findListField,
  listMessages,
  normalizeSearchPattern,
  readFilterValue,
  searchPatternProblem,
  textProblem,
  type ApiFilter,
  type ApiListQuery,
  type DateSpan,
  type FilterCondition,
  type FilterValue,
  type ListField,
} from '@lizenzportal/domain';
import { AppError } from '../lib/app-error.ts';
import type { ListColumn, ListEntity } from './list-entity.ts';
import type { ListRequest } from './list-request.ts';

/** The largest page; `limit=0` (all) is bounded by the same number of rows (see `listPage`). */
export const MAX_PAGE_SIZE = 1000;

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
    searches: query.filters.some(({ operator }) => apiOperatorRow(operator).value === 'pattern'),
  };
}

function readCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw invalid(listMessages.countExpected(name));
  return Number(value);
}

function fieldOf(entity: ListEntity, name: string): { field: ListField; column: RawBuilder<unknown> } {
  const field = findListField(entity.list.fields, name);
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

/** The filter's values as its operator takes them: none, read by the field's type, or a pattern. */
function valuesOf(field: ListField, filter: ApiFilter): FilterValue[] {
  const kind = apiOperatorRow(filter.operator).value;
  if (kind === 'none') return [];
  if (kind === 'pattern') {
    const pattern = filter.values[0] ?? '';
    const valueProblem = textProblem(field, pattern);
    if (valueProblem) throw invalid(valueProblem);
    const patternProblem = searchPatternProblem(pattern);
    if (patternProblem) throw new AppError('INVALID_SEARCH_PATTERN', patternProblem);
    return [field.normalize ? normalizeSearchPattern(pattern, field.normalize) : pattern];
  }
  if (filter.values.length === 0 || filter.values.some((value) => value === '' && field.type !== 'text')) {
    throw invalid(listMessages.valueRequired(field.label));
  }
  return filter.values.map((raw) => {
    const read = readFilterValue(field, raw);
    if (read.problem !== undefined) throw invalid(read.problem);
    return read.value;
  });
}

/** What a condition's SQL is written over: the column, how its field holds values, and the values. */
interface Operand {
  column: RawBuilder<unknown>;
  /** A list field holds any number of values (an array column, a JSON array); a date names spans. */
  kind: 'value' | 'date' | 'list';
  /** The type of a list's elements, for the array of values it is compared with. */
  elementType: 'text' | 'uuid';
  values: FilterValue[];
}

/**
 * The SQL of every condition of the operator table (`FILTER_OPERATOR_TABLE`, its `sql` column), for
 * each kind of field, written once: an operator is a row that names one of these, negated or not.
 */
const CONDITIONS: Record<FilterCondition, (operand: Operand) => RawBuilder<boolean>> = {
  /** One of the values; on a list, any element one of them; a date, within one of the spans. */
  equals: ({ column, kind, elementType, values }) => {
    if (kind === 'list')
      return sql<boolean>`${column} && array[${sql.join(values)}]::${sql.raw(elementType)}[]`;
    if (kind === 'date') {
      const spans = (values as DateSpan[]).map(
        ({ start, end }) => sql<boolean>`(${column} >= ${start} and ${column} < ${end})`,
      );
      return sql<boolean>`(${sql.join(spans, sql` or `)})`;
    }
    return values.length === 1
      ? sql<boolean>`${column} = ${values[0]}`
      : sql<boolean>`${column} in (${sql.join(values)})`;
  },
  // A date names a span (a day, a minute, …): before it, up to its end, after it, from its start.
  below: ({ column, kind, values: [value] }) =>
    sql<boolean>`${column} < ${kind === 'date' ? (value as DateSpan).start : value}`,
  atMost: ({ column, kind, values: [value] }) =>
    kind === 'date'
      ? sql<boolean>`${column} < ${(value as DateSpan).end}`
      : sql<boolean>`${column} <= ${value}`,
  above: ({ column, kind, values: [value] }) =>
    kind === 'date'
      ? sql<boolean>`${column} >= ${(value as DateSpan).end}`
      : sql<boolean>`${column} > ${value}`,
  atLeast: ({ column, kind, values: [value] }) =>
    sql<boolean>`${column} >= ${kind === 'date' ? (value as DateSpan).start : value}`,
  /** A value; on a list, at least one element. Never NULL. */
  present: ({ column, kind }) =>
    kind === 'list'
      ? sql<boolean>`coalesce(cardinality(${column}), 0) > 0`
      : sql<boolean>`${column} is not null`,
  /** A case-insensitive search in the text of a value (part of an ID or status, too) or of any element of a list. */
  matches: ({ column, kind, values: [pattern] }) =>
    kind === 'list'
      ? sql<boolean>`exists (select from unnest(${column}) as element where element::text ~* ${pattern})`
      : sql<boolean>`${column}::text ~* ${pattern}`,
};

/** Conditions that are true or false, never NULL: negated plainly, which an index can serve. */
const NEVER_NULL = new Set<FilterCondition>(['present']);

function condition(filter: ApiFilter, entity: ListEntity): RawBuilder<boolean> {
  const { field, column } = fieldOf(entity, filter.field);
  if (!acceptsApiOperator(field, filter.operator)) {
    throw invalid(listMessages.operatorNotAllowed(field.label, apiOperatorRow(filter.operator).label));
  }
  const { sql: asked } = apiOperatorRow(filter.operator);
  const positive = CONDITIONS[asked.condition]({
    column,
    kind: field.type.endsWith('List') ? 'list' : field.type === 'date' ? 'date' : 'value',
    elementType: field.type === 'idList' ? 'uuid' : 'text',
    values: valuesOf(field, filter),
  });
  if (!asked.negated) return positive;
  // Negated, a condition holds where it does not: also where the field is missing (NULL).
  return NEVER_NULL.has(asked.condition)
    ? sql<boolean>`not (${positive})`
    : sql<boolean>`not coalesce(${positive}, false)`;
}
