import { describe, expect, it } from 'vitest';
import { LICENSE_LIST_FIELDS, type Filter } from '@lizenzportal/domain';
import { filterProblems, toFilters, toRuleGroup } from './filter-draft.ts';

const filters: Filter[] = [
  { field: 'status', operator: 'in', values: ['bound', 'unbound'] },
  { field: 'holder.name', operator: 'regex', values: ['^m(ü|ue)ller'] },
  { field: 'boundAt', operator: 'exists', values: [] },
];

describe('the query builder draft', () => {
  it('round-trips the filters of the address', () => {
    expect(toFilters(toRuleGroup(filters), LICENSE_LIST_FIELDS)).toEqual(filters);
  });

  it('takes the values each operator needs, whatever the editor left behind', () => {
    const group = {
      combinator: 'and',
      rules: [
        // Switched from „ist einer von” to „enthält”: the first value stays.
        { field: 'holder.name', operator: 'contains', value: ['Anna', 'Berta'] },
        // Switched to „ist vorhanden”: no value.
        { field: 'notes', operator: 'exists', value: 'x' },
        { field: 'properties.class', operator: 'nin', value: 'pro' },
        { field: 'nonsense', operator: 'eq', value: 'x' },
        { field: 'status', operator: 'lt', value: 'bound' },
      ],
    };
    expect(toFilters(group, LICENSE_LIST_FIELDS)).toEqual([
      { field: 'holder.name', operator: 'contains', values: ['Anna'] },
      { field: 'notes', operator: 'exists', values: [] },
      { field: 'properties.class', operator: 'nin', values: ['pro'] },
    ]);
  });

  it('names what keeps a filter from being applied, by position', () => {
    expect(
      filterProblems(
        [
          { field: 'createdAt', operator: 'gte', values: ['31.02.26'] },
          { field: 'holder.name', operator: 'contains', values: [''] },
          { field: 'status', operator: 'in', values: [] },
          { field: 'properties.size', operator: 'in', values: ['1', 'zwei'] },
          { field: 'holder.name', operator: 'existsnot', values: [] },
          { field: 'properties.size', operator: 'gte', values: ['5'] },
        ],
        LICENSE_LIST_FIELDS,
      ),
    ).toEqual([
      expect.stringContaining('„Erzeugt” erwartet ein Datum'),
      'Bitte geben Sie einen Wert für „Name des Lizenznehmers” an.',
      'Bitte geben Sie einen Wert für „Status” an.',
      '„Größe” erwartet eine ganze Zahl.',
      undefined,
      undefined,
    ]);
  });
});
