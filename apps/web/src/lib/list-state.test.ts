import { describe, expect, it } from 'vitest';
import {
  currentPage,
  fieldParametersAsFilters,
  pageCount,
  parseListState,
  toApiQuery,
  updateListState,
} from './list-state.ts';

const address = (query: string) => new URLSearchParams(query);

describe('parseListState', () => {
  it('uses 20 per page, the first page and newest first for a plain address', () => {
    expect(parseListState(address(''))).toEqual({ limit: 20, skip: 0, sort: '-createdAt', filters: [] });
  });

  it('reads paging, sort and filters', () => {
    const state = parseListState(
      address('limit=50&skip=100&sort=createdAt&filter=status~in~bound,unbound__holder.name~exists~'),
    );
    expect(state).toEqual({
      limit: 50,
      skip: 100,
      sort: 'createdAt',
      filters: [
        { field: 'status', operator: 'in', values: ['bound', 'unbound'] },
        { field: 'holder.name', operator: 'exists', values: [] },
      ],
    });
  });

  it('reads limit 0 as "all"', () => {
    expect(parseListState(address('limit=0')).limit).toBe(0);
  });

  it('falls back to the defaults for malformed values and drops filters with unknown operators', () => {
    const state = parseListState(address('limit=-5&skip=abc&sort=1;drop&filter=status~like~x__size~gte~3'));
    expect(state).toEqual({
      limit: 20,
      skip: 0,
      sort: '-createdAt',
      filters: [{ field: 'size', operator: 'gte', values: ['3'] }],
    });
  });
});

describe('updateListState', () => {
  it('turns a page into skip', () => {
    expect(updateListState(address('limit=50'), { page: 3 }).toString()).toBe('limit=50&skip=100');
  });

  it('leaves the defaults out of the address', () => {
    expect(updateListState(address('skip=40'), { page: 1 }).toString()).toBe('');
  });

  it('starts at the first page when the page size, sort or filters change', () => {
    const start = address('skip=40');
    expect(updateListState(start, { limit: 100 }).toString()).toBe('limit=100');
    expect(updateListState(start, { limit: 0 }).toString()).toBe('limit=0');
    expect(updateListState(start, { sort: 'createdAt' }).toString()).toBe('sort=createdAt');
    expect(
      updateListState(start, { filters: [{ field: 'status', operator: 'eq', values: ['bound'] }] }).get(
        'filter',
      ),
    ).toBe('status~eq~bound');
  });

  it('keeps other query parameters', () => {
    expect(updateListState(address('license=abc&skip=20'), { page: 3 }).toString()).toBe(
      'license=abc&skip=40',
    );
  });

  it('jumps to the last page when the current page lies beyond the total', () => {
    expect(updateListState(address('skip=100'), { total: 45 }).toString()).toBe('skip=40');
    expect(updateListState(address('skip=40'), { total: 40 }).toString()).toBe('skip=20');
    expect(updateListState(address('skip=20'), { total: 0 }).toString()).toBe('');
  });

  it('keeps a page that exists', () => {
    expect(updateListState(address('skip=40'), { total: 41 }).toString()).toBe('skip=40');
  });
});

describe('pages', () => {
  it('counts pages from 1 and treats "all" as a single page', () => {
    const state = parseListState(address('limit=20&skip=40'));
    expect(currentPage(state)).toBe(3);
    expect(pageCount(state, 41)).toBe(3);
    expect(pageCount(state, 0)).toBe(1);
    expect(pageCount(parseListState(address('limit=0')), 500)).toBe(1);
  });
});

describe('toApiQuery', () => {
  it('asks the API for the page, the sort and the filters in its syntax', () => {
    const state = parseListState(
      address(
        'limit=0&sort=createdAt&filter=status~in~bound,unbound__holder.name~contains~a.b__boundAt~existsnot~',
      ),
    );
    expect(toApiQuery(state)).toBe(
      'limit=0&skip=0&sort=createdAt&status=bound,unbound&holder.name=/a%5C.b/i&!boundAt',
    );
  });

  it('asks for the default page of a plain address', () => {
    expect(toApiQuery(parseListState(address('')))).toBe('limit=20&skip=0&sort=-createdAt');
  });
});

describe('fieldParametersAsFilters', () => {
  const ID = '3f1e2d4c-5b6a-4789-8abc-def012345678';

  it('turns a field named in the address into an equality filter beside the others', () => {
    const next = fieldParametersAsFilters(address(`license=${ID}&filter=object~eq~software&limit=50`), [
      'license',
    ]);
    expect(next?.get('license')).toBeNull();
    expect(parseListState(next!)).toMatchObject({
      limit: 50,
      filters: [
        { field: 'object', operator: 'eq', values: ['software'] },
        { field: 'license', operator: 'eq', values: [ID] },
      ],
    });
  });

  it('replaces a filter on the same field and starts at the first page', () => {
    const next = fieldParametersAsFilters(address(`license=${ID}&skip=40&filter=license~neq~other`), [
      'license',
    ]);
    expect([...next!.entries()]).toEqual([['filter', `license~eq~${ID}`]]);
  });

  it('leaves an address without such a field alone', () => {
    expect(fieldParametersAsFilters(address('filter=object~eq~software'), ['license'])).toBeUndefined();
    expect(fieldParametersAsFilters(address('license='), ['license'])).toBeUndefined();
  });
});
