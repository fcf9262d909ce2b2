import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import {
  DEFAULT_LIST_LIMIT,
  DEFAULT_LIST_SORT,
  ListQuerySyntaxError,
  parseApiListQuery,
  type ApiFilter,
} from '@lizenzportal/domain';
import { AppError } from './app-error.ts';

export type FieldType =
  'text' | 'number' | 'date' | 'uuid' | 'textArray' | 'uuidArray' | { enum: readonly string[] };

export interface ListField {
  /** The SQL column (or expression) the API field maps to. */
  column: string;
  type: FieldType;
  sortable?: boolean;
}

/** The per-entity allow-list: only these dotted API fields can be filtered and sorted. */
export type ListFields = Record<string, ListField>;

export interface ListRequest {
  /** Undefined: all rows (`limit=0`). */
  limit: number | undefined;
  skip: number;
  orderBy: { column: string; direction: 'asc' | 'desc' }[];
  where: RawBuilder<boolean> | undefined;
}

const MAX_LIMIT = 1000;
const MAX_VALUE_LENGTH = 500;

/** Documents the list parameters in OpenAPI; the filters themselves are read from the raw URL. */
export const listQuerystringSchema = z
  .object({
    limit: z.string().optional().describe('Page size; 0 = all (default 20)'),
    skip: z.string().optional().describe('Rows to skip'),
    sort: z.string().optional().describe('Field to sort by; "-" prefix for descending (default -createdAt)'),
  })
  .catchall(z.union([z.string(), z.array(z.string())]))
  .describe(
    'Filters: field=value, field!=value, field>value, field<value, field>=value, field<=value, field=a,b, field!=a,b, field=/regex/i, field, !field',
  );

/**
 * Reads paging, sorting and filters of a list request (DESIGN.md §2) against the allow-list.
 * Anything not in the allow-list, or a value of the wrong type, is a 400 — never SQL.
 */
export function parseListRequest(rawUrl: string, fields: ListFields): ListRequest {
  const rawQuery = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  let parsed;
  try {
    parsed = parseApiListQuery(rawQuery);
  } catch (error) {
    if (error instanceof ListQuerySyntaxError) throw new AppError('VALIDATION_FAILED', error.message);
    throw error;
  }
  const limit = parseCount(parsed.limit, 'limit', DEFAULT_LIST_LIMIT);
  if (limit > MAX_LIMIT) throw invalid(`„limit” darf höchstens ${MAX_LIMIT} sein (0 = alle).`);
  const conditions = parsed.filters.map((filter) => condition(filter, fieldOf(fields, filter.field)));
  return {
    limit: limit === 0 ? undefined : limit,
    skip: parseCount(parsed.skip, 'skip', 0),
    orderBy: parseSort(parsed.sort ?? DEFAULT_LIST_SORT, fields),
    where: conditions.length > 0 ? sql<boolean>`${sql.join(conditions, sql` and `)}` : undefined,
  };
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}

function parseCount(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,9}$/.test(value)) throw invalid(`„${name}” muss eine ganze Zahl ab 0 sein.`);
  return Number(value);
}

function fieldOf(fields: ListFields, name: string): ListField {
  const field = Object.hasOwn(fields, name) ? fields[name] : undefined;
  if (!field) throw invalid(`Nach „${name}” kann nicht gefiltert oder sortiert werden.`);
  return field;
}

function parseSort(sort: string, fields: ListFields): ListRequest['orderBy'] {
  const orderBy = sort.split(',').map((part) => {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const field = fieldOf(fields, name);
    if (!field.sortable) throw invalid(`Nach „${name}” kann nicht sortiert werden.`);
    return { column: field.column, direction: descending ? ('desc' as const) : ('asc' as const) };
  });
  // A unique tie-breaker keeps pages stable when sort values repeat.
  return [...orderBy, { column: 'id', direction: orderBy[0]?.direction ?? 'desc' }];
}

/** Any filter value, pattern or not: bounded, and without U+0000 (which PostgreSQL text cannot hold). */
function checkedText(name: string, value: string): string {
  if (value.length > MAX_VALUE_LENGTH) throw invalid(`Der Wert für „${name}” ist zu lang.`);
  if (value.includes('\u0000')) throw invalid('Die Anfrage enthält ein unzulässiges Zeichen.');
  return value;
}

function typedValue(field: ListField, name: string, value: string): unknown {
  checkedText(name, value);
  const type = field.type;
  if (type === 'number') {
    // Every numeric field of the portal is an integer column (PostgreSQL integer).
    const number = Number(value);
    if (!/^-?\d{1,10}$/.test(value) || number < -2_147_483_648 || number > 2_147_483_647) {
      throw invalid(`„${name}” erwartet eine ganze Zahl.`);
    }
    return number;
  }
  if (type === 'date') {
    const date = new Date(value);
    const year = date.getUTCFullYear();
    if (Number.isNaN(date.getTime()) || year < 1900 || year > 9999) {
      throw invalid(`„${name}” erwartet ein Datum (z. B. 2026-11-22).`);
    }
    return date;
  }
  if (type === 'uuid' || type === 'uuidArray') {
    if (!z.uuid().safeParse(value).success) throw invalid(`„${name}” erwartet eine ID.`);
    return value;
  }
  if (typeof type === 'object' && !type.enum.includes(value)) {
    throw invalid(`„${value}” ist kein gültiger Wert für „${name}” (${type.enum.join(', ')}).`);
  }
  return value;
}

function condition(filter: ApiFilter, field: ListField): RawBuilder<boolean> {
  const column = sql.ref(field.column);
  const isArray = field.type === 'textArray' || field.type === 'uuidArray';
  if (filter.operator === 'regex' || filter.operator === 'notregex') {
    if (field.type === 'number' || field.type === 'date') {
      throw invalid(`„${filter.field}” kann nicht mit einem Suchmuster gefiltert werden.`);
    }
    // A pattern matches the text of any value (part of an ID, of a status): it is no value itself.
    const pattern = checkedText(filter.field, filter.values[0]!);
    const text = isArray ? sql`array_to_string(${column}, ' ')` : sql`${column}::text`;
    return filter.operator === 'regex'
      ? sql<boolean>`${text} ~* ${pattern}`
      : sql<boolean>`(${column} is null or ${text} !~* ${pattern})`;
  }
  const values = filter.values.map((value) => typedValue(field, filter.field, value));
  const [value] = values;
  if (isArray) return arrayCondition(filter, column, values, field.type === 'uuidArray' ? 'uuid' : 'text');
  switch (filter.operator) {
    case 'exists':
      return sql<boolean>`${column} is not null`;
    case 'notexists':
      return sql<boolean>`${column} is null`;
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
    case 'gte':
      return sql<boolean>`${column} >= ${value}`;
  }
}

function arrayCondition(
  filter: ApiFilter,
  column: RawBuilder<unknown>,
  values: unknown[],
  elementType: 'text' | 'uuid',
): RawBuilder<boolean> {
  const list = sql`array[${sql.join(values)}]::${sql.raw(elementType)}[]`;
  switch (filter.operator) {
    case 'exists':
      return sql<boolean>`cardinality(${column}) > 0`;
    case 'notexists':
      return sql<boolean>`cardinality(${column}) = 0`;
    case 'eq':
    case 'in':
      return sql<boolean>`${column} && ${list}`;
    case 'neq':
    case 'nin':
      return sql<boolean>`not (${column} && ${list})`;
    default:
      throw invalid(`„${filter.field}” kann nicht mit < oder > verglichen werden.`);
  }
}
