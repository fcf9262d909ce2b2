import { describe, expect, test } from 'vitest';
import { parseAddressFilters, serializeAddressFilters, toApiFilter, type Filter } from './address-syntax.ts';
import { ListQuerySyntaxError, parseApiListQuery, toApiQueryString } from './api-syntax.ts';
import { normalizeLicenseKey } from '../formats/license-key.ts';
import { normalizeStartCode } from '../formats/start-code.ts';
import {
  BACK_REFERENCE_NOT_ALLOWED,
  escapeRegex,
  normalizeSearchPattern,
  searchPatternProblem,
} from './search-pattern.ts';

describe('API list syntax', () => {
  test('reads paging, sorting and every filter form', () => {
    const query = parseApiListQuery(
      'limit=20&skip=40&sort=-createdAt&status=bound&version!=8&properties.size>=5&properties.size<100' +
        '&class=pro,personal&delivery!=dvd,download&holder.name=/m%C3%BCller/i&notes!=/x/i&boundAt&!holder.email',
    );
    expect(query).toEqual({
      limit: '20',
      skip: '40',
      sort: '-createdAt',
      filters: [
        { field: 'status', operator: 'eq', values: ['bound'] },
        { field: 'version', operator: 'neq', values: ['8'] },
        { field: 'properties.size', operator: 'gte', values: ['5'] },
        { field: 'properties.size', operator: 'lt', values: ['100'] },
        { field: 'class', operator: 'in', values: ['pro', 'personal'] },
        { field: 'delivery', operator: 'nin', values: ['dvd', 'download'] },
        { field: 'holder.name', operator: 'regex', values: ['müller'] },
        { field: 'notes', operator: 'regexnot', values: ['x'] },
        { field: 'boundAt', operator: 'exists', values: [] },
        { field: 'holder.email', operator: 'existsnot', values: [] },
      ],
    });
  });

  test('round-trips values with commas, slashes and spaces', () => {
    const query = {
      filters: [
        { field: 'notes', operator: 'eq' as const, values: ['a,b /c'] },
        { field: 'holder.name', operator: 'regex' as const, values: ['^Ø.*n$'] },
        { field: 'properties.size', operator: 'lte' as const, values: ['7'] },
        { field: 'key', operator: 'nin' as const, values: ['A', 'B'] },
      ],
      sort: 'createdAt',
    };
    expect(parseApiListQuery(toApiQueryString(query))).toEqual(query);
  });

  test('rejects malformed segments', () => {
    expect(() => parseApiListQuery('status=bound&=x')).toThrow(ListQuerySyntaxError);
    expect(() => parseApiListQuery('!status=bound')).toThrow(ListQuerySyntaxError);
    expect(() => parseApiListQuery('size>1,2')).toThrow(ListQuerySyntaxError);
    expect(() => parseApiListQuery('notes=%E0%A4%A')).toThrow(ListQuerySyntaxError);
  });
});

describe('address filter syntax', () => {
  test('reads and writes field~operator~value joined by __', () => {
    const filters = parseAddressFilters('status~in~bound,unbound__holder.name~contains~Mül__boundAt~exists~');
    expect(filters).toEqual([
      { field: 'status', operator: 'in', values: ['bound', 'unbound'] },
      { field: 'holder.name', operator: 'contains', values: ['Mül'] },
      { field: 'boundAt', operator: 'exists', values: [] },
    ]);
    expect(parseAddressFilters(serializeAddressFilters(filters))).toEqual(filters);
    expect(parseAddressFilters('nonsense__status~bogus~x')).toEqual([]);
  });

  test('commas, tildes, underscores and percent signs inside values survive', () => {
    const filters = [
      { field: 'holder.name', operator: 'contains', values: ['Müller, Hans'] },
      { field: 'notes', operator: 'regex', values: ['^a{1,3}b'] },
      { field: 'notes', operator: 'eq', values: ['a__b'] },
      { field: '_id', operator: 'startswith', values: ['x~y_'] },
      { field: 'notes', operator: 'in', values: ['100%', '50%2C', 'a,b'] },
    ] as const satisfies Filter[];
    const address = serializeAddressFilters(filters);
    expect(address).toBe(
      'holder.name~contains~Müller%2C Hans__notes~regex~^a{1%2C3}b__notes~eq~a%5F%5Fb' +
        '___id~startswith~x%7Ey%5F__notes~in~100%25,50%252C,a%2Cb',
    );
    expect(parseAddressFilters(address)).toEqual(filters);
  });

  test('an address typed by hand keeps commas and tildes in one-value filters', () => {
    expect(parseAddressFilters('holder.name~contains~Müller, Hans__notes~regex~^a{1,3}~b')).toEqual([
      { field: 'holder.name', operator: 'contains', values: ['Müller, Hans'] },
      { field: 'notes', operator: 'regex', values: ['^a{1,3}~b'] },
    ]);
    expect(parseAddressFilters('notes~eq~100%')).toEqual([
      { field: 'notes', operator: 'eq', values: ['100%'] },
    ]);
  });

  test('text operators become escaped case-insensitive regexes', () => {
    expect(toApiFilter({ field: 'key', operator: 'startswith', values: ['AB.C'] })).toEqual({
      field: 'key',
      operator: 'regex',
      values: ['^AB\\.C'],
    });
    expect(toApiFilter({ field: 'notes', operator: 'endswithnot', values: ['(x)'] })).toEqual({
      field: 'notes',
      operator: 'regexnot',
      values: ['\\(x\\)$'],
    });
    expect(toApiFilter({ field: 'status', operator: 'existsnot', values: [] }).operator).toBe('existsnot');
  });
});

describe('API list syntax as browsers send it', () => {
  test('reads percent-encoded comparators', () => {
    expect(parseApiListQuery('size%3E%3D5&size%3C9&%21notes&status%21=bound&name=%3Dx').filters).toEqual([
      { field: 'size', operator: 'gte', values: ['5'] },
      { field: 'size', operator: 'lt', values: ['9'] },
      { field: 'notes', operator: 'existsnot', values: [] },
      { field: 'status', operator: 'neq', values: ['bound'] },
      { field: 'name', operator: 'eq', values: ['=x'] },
    ]);
    expect(parseApiListQuery('name<%3Dx&name>%3D&size<=%3D').filters).toEqual([
      { field: 'name', operator: 'lt', values: ['=x'] },
      { field: 'name', operator: 'gt', values: ['='] },
      { field: 'size', operator: 'lte', values: ['='] },
    ]);
  });
});

describe('search patterns', () => {
  test('refuse back-references but not an escaped backslash before a digit', () => {
    expect(searchPatternProblem('(a*)*\\1x')).toBe(BACK_REFERENCE_NOT_ALLOWED);
    expect(searchPatternProblem('(x)\\9')).toBe(BACK_REFERENCE_NOT_ALLOWED);
    expect(searchPatternProblem('a\\\\1')).toBeUndefined();
    expect(searchPatternProblem(escapeRegex('C:\\1 (copy)'))).toBeUndefined();
    expect(searchPatternProblem('^m(ü|ue)ller\\s\\d{2}$')).toBeUndefined();
  });
});

describe('search patterns on normalized fields', () => {
  test('leave out the separators a key or start code loses, but no regex syntax', () => {
    const key = (pattern: string) => normalizeSearchPattern(pattern, normalizeLicenseKey);
    expect(key('FQUQ-TBRD-LWXJ')).toBe('FQUQTBRDLWXJ');
    expect(key('^fquq-tb')).toBe('^fquqtb');
    expect(key('FQUQ-?TBRD -*X')).toBe('FQUQTBRDX');
    expect(key('[A-Z]{4}-[A-Z]{1,4}$')).toBe('[A-Z]{4}[A-Z]{1,4}$');
    expect(key('(?:AB|C-D)\\-[[:alpha:]-]')).toBe('(?:AB|CD)\\-[[:alpha:]-]');
    expect(key('-')).toBe('-');
    expect(normalizeSearchPattern('123 456', normalizeStartCode)).toBe('123456');
    expect(normalizeSearchPattern('\\d{3}\\s?\\d', normalizeStartCode)).toBe('\\d{3}\\s?\\d');
  });
});
