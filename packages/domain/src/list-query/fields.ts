import type { ApiFilterOperator } from './api-syntax.ts';
import type { FilterOperator } from './address-syntax.ts';

/**
 * What a list field holds, which decides its operators and how its values are read:
 * `id` a UUID, `enum` one of `options`, the `…List` types a list of such values (a filter on a list
 * asks whether any element matches).
 */
export type ListFieldType =
  'text' | 'number' | 'date' | 'id' | 'enum' | 'boolean' | 'textList' | 'idList' | 'enumList';

export interface ListFieldOption {
  value: string;
  label: string;
}

/**
 * One filterable (and maybe sortable) field of a back-office list: the server's compiler maps it to
 * a column, the web's query builder offers it by its German label.
 */
export interface ListField {
  /** The dotted API field name (`holder.name`), as in the list syntax of DESIGN.md §2. */
  name: string;
  label: string;
  type: ListFieldType;
  /** The values of `enum`, `enumList` and `boolean` fields with their German labels. */
  options?: readonly ListFieldOption[];
  sortable?: boolean;
  /**
   * How the field's values are stored, for fields kept in a normal form (the domain's own
   * normalizer, e.g. of license keys): filter values are normalized the same way, search patterns
   * lose what it drops (`normalizeSearchPattern`).
   */
  normalize?: (value: string) => string;
}

export type ListFields = readonly ListField[];

/** The options of an enumerated field from its values and their German labels. */
export function listOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): ListFieldOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** „Ja” or „Nein”: a yes/no value as lists and detail pages show it. */
export const yesNo = (value: boolean): string => (value ? 'Ja' : 'Nein');

export const BOOLEAN_OPTIONS: readonly ListFieldOption[] = [
  { value: 'true', label: yesNo(true) },
  { value: 'false', label: yesNo(false) },
];

/** The German names of the query builder's operators (back-office spec §5). */
export const FILTER_OPERATOR_LABELS: Record<FilterOperator, string> = {
  eq: 'ist gleich',
  neq: 'ist nicht gleich',
  lt: 'kleiner als',
  gt: 'größer als',
  lte: 'kleiner oder gleich',
  gte: 'größer oder gleich',
  in: 'ist einer von',
  nin: 'ist keiner von',
  exists: 'ist vorhanden',
  existsnot: 'ist nicht vorhanden',
  regex: 'passt auf Muster',
  regexnot: 'passt nicht auf Muster',
  contains: 'enthält',
  containsnot: 'enthält nicht',
  startswith: 'beginnt mit',
  startswithnot: 'beginnt nicht mit',
  endswith: 'endet mit',
  endswithnot: 'endet nicht mit',
};

const EQUALITY = ['eq', 'neq', 'in', 'nin'] as const;
const ORDER = ['lt', 'gt', 'lte', 'gte'] as const;
const PRESENCE = ['exists', 'existsnot'] as const;
const TEXT_SEARCH = [
  'regex',
  'regexnot',
  'contains',
  'containsnot',
  'startswith',
  'startswithnot',
  'endswith',
  'endswithnot',
] as const;

const OPERATORS_BY_TYPE: Record<ListFieldType, readonly FilterOperator[]> = {
  text: ['eq', 'neq', ...ORDER, 'in', 'nin', ...PRESENCE, ...TEXT_SEARCH],
  number: ['eq', 'neq', ...ORDER, 'in', 'nin', ...PRESENCE],
  date: ['eq', 'neq', ...ORDER, ...PRESENCE],
  id: [...EQUALITY, ...PRESENCE, ...TEXT_SEARCH],
  enum: [...EQUALITY, ...PRESENCE, ...TEXT_SEARCH],
  boolean: ['eq', 'neq'],
  textList: [...EQUALITY, ...PRESENCE, ...TEXT_SEARCH],
  idList: [...EQUALITY, ...PRESENCE, ...TEXT_SEARCH],
  enumList: [...EQUALITY, ...PRESENCE, ...TEXT_SEARCH],
};

/** The operators a field offers, in the order the query builder lists them. */
export function operatorsOf(field: ListField): readonly FilterOperator[] {
  return OPERATORS_BY_TYPE[field.type];
}

/** The query builder's operators behind each operator of the API syntax. */
const API_OPERATOR_SOURCES: Record<ApiFilterOperator, readonly FilterOperator[]> = {
  eq: ['eq'],
  neq: ['neq'],
  lt: ['lt'],
  gt: ['gt'],
  lte: ['lte'],
  gte: ['gte'],
  in: ['in'],
  nin: ['nin'],
  exists: ['exists'],
  notexists: ['existsnot'],
  regex: ['regex', 'contains', 'startswith', 'endswith'],
  notregex: ['regexnot', 'containsnot', 'startswithnot', 'endswithnot'],
};

/** Whether the API accepts this operator of its syntax on the field (the server's check). */
export function acceptsApiOperator(field: ListField, operator: ApiFilterOperator): boolean {
  return API_OPERATOR_SOURCES[operator].some((source) => operatorsOf(field).includes(source));
}

/**
 * What the query builder asks for as the value: nothing (exists), one option or several (equality
 * on enumerated fields), several free texts (in/nin on other fields), or one free text.
 */
export type FilterValueInput = 'none' | 'option' | 'options' | 'texts' | 'text';

export function valueInputOf(field: ListField, operator: FilterOperator): FilterValueInput {
  if (operator === 'exists' || operator === 'existsnot') return 'none';
  const enumerated = field.options !== undefined;
  if (operator === 'in' || operator === 'nin') return enumerated ? 'options' : 'texts';
  if ((operator === 'eq' || operator === 'neq') && enumerated) return 'option';
  return 'text';
}

/** The field of this name, if the list has it (`Object.hasOwn` semantics: no prototype names). */
export function findListField(fields: ListFields, name: string): ListField | undefined {
  return fields.find((field) => field.name === name);
}

/** The label of a list's field, for the column or fact that shows it: list and page name it alike. */
export function listFieldLabel<const Fields extends ListFields>(
  fields: Fields,
  name: Fields[number]['name'],
): string {
  return findListField(fields, name)!.label;
}
