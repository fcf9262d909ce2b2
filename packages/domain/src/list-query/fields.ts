import {
  operatorRow,
  operatorsOfType,
  type ApiFilterOperator,
  type FilterOperator,
  type ListFieldType,
} from './operators.ts';

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

/** The operators a field offers, in the order the query builder lists them. */
export function operatorsOf(field: ListField): readonly FilterOperator[] {
  return operatorsOfType(field.type);
}

/** Whether the API accepts this operator of its syntax on the field (the server's check). */
export function acceptsApiOperator(field: ListField, operator: ApiFilterOperator): boolean {
  return operatorRow(operator).types.includes(field.type);
}

/**
 * What the query builder asks for as the value (by the operator's value in the table): nothing, one
 * option or several (on enumerated fields), several free texts, or one free text.
 */
export type FilterValueInput = 'none' | 'option' | 'options' | 'texts' | 'text';

export function valueInputOf(field: ListField, operator: FilterOperator): FilterValueInput {
  const { value } = operatorRow(operator);
  if (value === 'none') return 'none';
  const enumerated = field.options !== undefined;
  if (value === 'several') return enumerated ? 'options' : 'texts';
  return value === 'one' && enumerated ? 'option' : 'text';
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
