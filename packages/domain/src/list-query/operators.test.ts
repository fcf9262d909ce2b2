import { describe, expect, test } from 'vitest';
import { parseApiListQuery, toApiQueryString } from './api-syntax.ts';
import { API_FILTER_OPERATORS, apiOperatorRow, FILTER_OPERATORS, operatorRow } from './operators.ts';

describe('the operator table', () => {
  test('the 18 operators of the spec, each with its own label; the API writes 12 of them, each in a form of its own', () => {
    expect(FILTER_OPERATORS).toHaveLength(18);
    expect(new Set(FILTER_OPERATORS.map((operator) => operatorRow(operator).label)).size).toBe(18);
    const forms = API_FILTER_OPERATORS.map((operator) => apiOperatorRow(operator).api);
    expect(forms).toHaveLength(12);
    expect(new Set(forms).size).toBe(12);
  });

  test('each operator the API writes reads back as itself', () => {
    for (const operator of API_FILTER_OPERATORS) {
      const { value } = apiOperatorRow(operator);
      const values = value === 'none' ? [] : value === 'several' ? ['a', 'b'] : ['a'];
      const filters = [{ field: 'notes', operator, values }];
      expect(parseApiListQuery(toApiQueryString({ filters })).filters, operator).toEqual(filters);
    }
  });
});
