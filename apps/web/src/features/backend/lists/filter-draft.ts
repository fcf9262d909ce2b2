import {
  filterValueProblem,
  findListField,
  operatorsOf,
  valueInputOf,
  type Filter,
  type FilterOperator,
  type ListField,
  type ListFields,
} from '@lizenzportal/domain';
import type { RuleGroupType, RuleType } from 'react-querybuilder';

/**
 * The query builder edits a draft (react-querybuilder's rule group) until the admin applies it;
 * the applied filters live in the address. These functions translate between the two.
 */

/** The operator a new rule starts with: a text search for text, equality for everything else. */
export function defaultOperatorOf(field: ListField): FilterOperator {
  return field.type === 'text' ? 'contains' : operatorsOf(field)[0]!;
}

export function toRuleGroup(filters: readonly Filter[]): RuleGroupType {
  return {
    combinator: 'and',
    rules: filters.map((filter): RuleType => ({
      field: filter.field,
      operator: filter.operator,
      value: filter.values.length > 1 ? filter.values : (filter.values[0] ?? ''),
    })),
  };
}

/** A rule's value as a list of values, whichever editor wrote it (text, select, multi-select, tags). */
export function ruleValues(rule: Pick<RuleType, 'value'>): string[] {
  const { value } = rule;
  if (Array.isArray(value)) return value.map(String);
  if (value === undefined || value === null || value === '') return [];
  return [String(value)];
}

/** The rules as filters; rules of fields or operators the list does not offer are left out. */
export function toFilters(group: RuleGroupType, fields: ListFields): Filter[] {
  return group.rules.flatMap((rule) => {
    if (!('field' in rule)) return [];
    const field = findListField(fields, rule.field);
    const operator = rule.operator as FilterOperator;
    if (!field || !operatorsOf(field).includes(operator)) return [];
    const input = valueInputOf(field, operator);
    const values = ruleValues(rule);
    if (input === 'none') return [{ field: field.name, operator, values: [] }];
    if (input === 'text' || input === 'option')
      return [{ field: field.name, operator, values: [values[0] ?? ''] }];
    return [{ field: field.name, operator, values }];
  });
}

/**
 * What keeps each filter from being sent, by its position: the same checks the server makes, so
 * the admin learns of a typo beside the value instead of in an error panel.
 */
export function filterProblems(filters: readonly Filter[], fields: ListFields): (string | undefined)[] {
  return filters.map((filter) => {
    const field = findListField(fields, filter.field)!;
    const input = valueInputOf(field, filter.operator);
    if (input === 'none') return undefined;
    const values = filter.values.length === 0 ? [''] : filter.values;
    for (const value of values) {
      const problem = filterValueProblem(field, filter.operator, value);
      if (problem) return problem;
    }
    return undefined;
  });
}
