import { escapeRegex } from './search-pattern.ts';

/**
 * What a list field holds, which decides its operators (the `types` of the table below) and how its
 * values are read: `id` a UUID, `enum` one of `options`, the `…List` types a list of such values (a
 * filter on a list asks whether any element matches).
 */
export type ListFieldType =
  'text' | 'number' | 'date' | 'id' | 'enum' | 'boolean' | 'textList' | 'idList' | 'enumList';

/**
 * How the API writes a filter, as DESIGN.md §2 writes it: `field` stands for the field's name,
 * `value` for one value, `a,b` for several, `/regex/i` for a case-insensitive pattern.
 */
export type ApiForm =
  | 'field=value'
  | 'field!=value'
  | 'field<value'
  | 'field>value'
  | 'field<=value'
  | 'field>=value'
  | 'field=a,b'
  | 'field!=a,b'
  | 'field=/regex/i'
  | 'field!=/regex/i'
  | 'field'
  | '!field';

/**
 * What the value of a filter is: none; one value or several of the field's type (read by
 * `readFilterValue`); a text searched for as it is; a search pattern.
 */
export type FilterValueKind = 'none' | 'one' | 'several' | 'text' | 'pattern';

/**
 * What a filter asks of a row; the server writes each condition once in SQL for every kind of field
 * (`lists/compile.ts`). A negated condition holds where the condition does not, a row whose field is
 * missing included (`not coalesce(condition, false)`).
 */
export type FilterCondition = 'equals' | 'below' | 'atMost' | 'above' | 'atLeast' | 'present' | 'matches';

/** An operator with a form of its own in the API: the server compiles it to its condition. */
interface OperatorWithApiForm {
  label: string;
  api: ApiForm;
  value: Exclude<FilterValueKind, 'text'>;
  types: readonly ListFieldType[];
  sql: { condition: FilterCondition; negated?: true };
}

/** An operator the web app sends as a pattern of another operator (`enthält` as `field=/…/i`). */
interface OperatorSentAsPattern {
  label: string;
  api: { as: 'regex' | 'regexnot'; pattern: (text: string) => string };
  value: 'text';
  types: readonly ListFieldType[];
}

const ALL: readonly ListFieldType[] = [
  'text',
  'number',
  'date',
  'id',
  'enum',
  'boolean',
  'textList',
  'idList',
  'enumList',
];
const ORDERED: readonly ListFieldType[] = ['text', 'number', 'date'];
const SEVERAL: readonly ListFieldType[] = ['text', 'number', 'id', 'enum', 'textList', 'idList', 'enumList'];
const OPTIONAL: readonly ListFieldType[] = ALL.filter((type) => type !== 'boolean');
const SEARCHABLE: readonly ListFieldType[] = ['text', 'id', 'enum', 'textList', 'idList', 'enumList'];

/**
 * Every filter operator of the back office's lists (back-office spec §5), one row each: its name
 * (in the address, `field~name~value`), its German label, how the API writes it, what its value is,
 * the field types that offer it and the condition the server compiles it to. The query builder
 * offers a field's operators in this order. Everything that reads, writes, checks or compiles a
 * filter reads this table; a new operator is a new row.
 */
export const FILTER_OPERATOR_TABLE = {
  eq: { label: 'ist gleich', api: 'field=value', value: 'one', types: ALL, sql: { condition: 'equals' } },
  neq: {
    label: 'ist nicht gleich',
    api: 'field!=value',
    value: 'one',
    types: ALL,
    sql: { condition: 'equals', negated: true },
  },
  lt: { label: 'kleiner als', api: 'field<value', value: 'one', types: ORDERED, sql: { condition: 'below' } },
  gt: { label: 'größer als', api: 'field>value', value: 'one', types: ORDERED, sql: { condition: 'above' } },
  lte: {
    label: 'kleiner oder gleich',
    api: 'field<=value',
    value: 'one',
    types: ORDERED,
    sql: { condition: 'atMost' },
  },
  gte: {
    label: 'größer oder gleich',
    api: 'field>=value',
    value: 'one',
    types: ORDERED,
    sql: { condition: 'atLeast' },
  },
  in: {
    label: 'ist einer von',
    api: 'field=a,b',
    value: 'several',
    types: SEVERAL,
    sql: { condition: 'equals' },
  },
  nin: {
    label: 'ist keiner von',
    api: 'field!=a,b',
    value: 'several',
    types: SEVERAL,
    sql: { condition: 'equals', negated: true },
  },
  exists: {
    label: 'ist vorhanden',
    api: 'field',
    value: 'none',
    types: OPTIONAL,
    sql: { condition: 'present' },
  },
  existsnot: {
    label: 'ist nicht vorhanden',
    api: '!field',
    value: 'none',
    types: OPTIONAL,
    sql: { condition: 'present', negated: true },
  },
  regex: {
    label: 'passt auf Muster',
    api: 'field=/regex/i',
    value: 'pattern',
    types: SEARCHABLE,
    sql: { condition: 'matches' },
  },
  regexnot: {
    label: 'passt nicht auf Muster',
    api: 'field!=/regex/i',
    value: 'pattern',
    types: SEARCHABLE,
    sql: { condition: 'matches', negated: true },
  },
  contains: {
    label: 'enthält',
    api: { as: 'regex', pattern: escapeRegex },
    value: 'text',
    types: SEARCHABLE,
  },
  containsnot: {
    label: 'enthält nicht',
    api: { as: 'regexnot', pattern: escapeRegex },
    value: 'text',
    types: SEARCHABLE,
  },
  startswith: {
    label: 'beginnt mit',
    api: { as: 'regex', pattern: (text) => `^${escapeRegex(text)}` },
    value: 'text',
    types: SEARCHABLE,
  },
  startswithnot: {
    label: 'beginnt nicht mit',
    api: { as: 'regexnot', pattern: (text) => `^${escapeRegex(text)}` },
    value: 'text',
    types: SEARCHABLE,
  },
  endswith: {
    label: 'endet mit',
    api: { as: 'regex', pattern: (text) => `${escapeRegex(text)}$` },
    value: 'text',
    types: SEARCHABLE,
  },
  endswithnot: {
    label: 'endet nicht mit',
    api: { as: 'regexnot', pattern: (text) => `${escapeRegex(text)}$` },
    value: 'text',
    types: SEARCHABLE,
  },
} as const satisfies Record<string, OperatorWithApiForm | OperatorSentAsPattern>;

export type FilterOperator = keyof typeof FILTER_OPERATOR_TABLE;
export type FilterOperatorRow = OperatorWithApiForm | OperatorSentAsPattern;
export type ApiOperatorRow = OperatorWithApiForm;

/** The operators, in the order of the table. */
export const FILTER_OPERATORS = Object.keys(FILTER_OPERATOR_TABLE) as FilterOperator[];

/** The operators with a form of their own in the API (the others are sent as one of these). */
export type ApiFilterOperator = {
  [Name in FilterOperator]: (typeof FILTER_OPERATOR_TABLE)[Name] extends OperatorWithApiForm ? Name : never;
}[FilterOperator];

export const API_FILTER_OPERATORS = FILTER_OPERATORS.filter(
  (name): name is ApiFilterOperator => typeof operatorRow(name).api === 'string',
);

/*
 * The table is read when it is asked, not copied at start: what these answer follows its rows.
 */

export function isFilterOperator(name: string): name is FilterOperator {
  return Object.hasOwn(FILTER_OPERATOR_TABLE, name);
}

/** The row of an operator (typed wide, so that code reads any row the same way). */
export function operatorRow(operator: FilterOperator): FilterOperatorRow {
  return FILTER_OPERATOR_TABLE[operator];
}

/** The operators a field of this type offers, in the order of the table. */
export function operatorsOfType(type: ListFieldType): FilterOperator[] {
  return (Object.keys(FILTER_OPERATOR_TABLE) as FilterOperator[]).filter((name) =>
    operatorRow(name).types.includes(type),
  );
}

/** The row of an operator the API writes. */
export function apiOperatorRow(operator: ApiFilterOperator): ApiOperatorRow {
  return FILTER_OPERATOR_TABLE[operator];
}
