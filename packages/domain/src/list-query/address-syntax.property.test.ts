import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseAddressFilters, serializeAddressFilters, toApiFilter, type Filter } from './address-syntax.ts';
import { FILTER_OPERATORS } from './operators.ts';
import { parseApiListQuery, toApiQueryString } from './api-syntax.ts';

/** Strings made of the characters that structure addresses and queries, mixed with ordinary text. */
const oddString = fc.stringMatching(/^[,~_%/&=!<>+ aZ9üß€\u{1F600}-]{0,12}$/u);
const anyString = fc.oneof(oddString, fc.string({ unit: 'grapheme', maxLength: 12 }));

const filter: fc.Arbitrary<Filter> = fc
  .tuple(
    fc.constantFrom('holder.name', 'key', '_id', 'properties.size'),
    fc.constantFrom(...FILTER_OPERATORS),
    anyString,
    fc.array(anyString, { minLength: 1, maxLength: 4 }),
  )
  .map(([field, operator, value, values]) => {
    if (operator === 'exists' || operator === 'existsnot') return { field, operator, values: [] };
    if (operator === 'in' || operator === 'nin') {
      // A list of one empty text reads as no value at all, which it means.
      return { field, operator, values: values.length === 1 && values[0] === '' ? [] : values };
    }
    return { field, operator, values: [value] };
  });

describe('address filter syntax, any value', () => {
  test('filters survive the address, also inside URLSearchParams', () => {
    fc.assert(
      fc.property(fc.array(filter, { maxLength: 4 }), (filters) => {
        const address = new URLSearchParams({ filter: serializeAddressFilters(filters) });
        expect(parseAddressFilters(new URLSearchParams(address.toString()).get('filter'))).toEqual(filters);
      }),
      { numRuns: 500 },
    );
  });

  test('the API reads the values the address held', () => {
    fc.assert(
      fc.property(fc.array(filter, { maxLength: 4 }), (filters) => {
        const apiFilters = parseAddressFilters(serializeAddressFilters(filters)).map(toApiFilter);
        expect(parseApiListQuery(toApiQueryString({ filters: apiFilters })).filters).toEqual(
          apiFilters.map((sent) =>
            // In/nin of one value (or none: an empty value) are written like eq/neq, and mean the same.
            sent.values.length <= 1 && (sent.operator === 'in' || sent.operator === 'nin')
              ? { ...sent, operator: sent.operator === 'in' ? 'eq' : 'neq', values: [sent.values[0] ?? ''] }
              : sent,
          ),
        );
      }),
      { numRuns: 500 },
    );
  });
});
