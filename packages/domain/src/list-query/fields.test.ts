import { describe, expect, test } from 'vitest';
import { DELIVERY_LIST_FIELDS } from '../delivery/list-fields.ts';
import { LICENSE_LIST_FIELDS } from '../license/list-fields.ts';
import { ORDER_GENERATION_LIST_FIELDS } from '../order-generation/list-fields.ts';
import { FILTER_OPERATORS } from './operators.ts';
import { acceptsApiOperator, findListField, operatorsOf, valueInputOf, type ListFields } from './fields.ts';
import { filterValueProblem, parseFilterDate, readFilterValue } from './filter-values.ts';

const field = (fields: ListFields, name: string) => findListField(fields, name)!;

describe('field definitions', () => {
  const lists: [string, ListFields][] = [
    ['license', LICENSE_LIST_FIELDS],
    ['delivery', DELIVERY_LIST_FIELDS],
    ['order generation', ORDER_GENERATION_LIST_FIELDS],
  ];
  test.each(lists)(
    'the %s list names each field once, labels it, and sorts by creation date',
    (_, fields) => {
      expect(new Set(fields.map((entry) => entry.name)).size).toBe(fields.length);
      expect(new Set(fields.map((entry) => entry.label)).size).toBe(fields.length);
      expect(field(fields, 'createdAt').sortable).toBe(true);
      for (const entry of fields) {
        expect(entry.options !== undefined, entry.name).toBe(
          ['enum', 'enumList', 'boolean'].includes(entry.type),
        );
      }
    },
  );

  test('text fields offer all 18 operators of the spec; other types a fitting part', () => {
    expect(operatorsOf(field(LICENSE_LIST_FIELDS, 'holder.name'))).toEqual(
      expect.arrayContaining([...FILTER_OPERATORS]),
    );
    expect(operatorsOf(field(LICENSE_LIST_FIELDS, 'properties.size'))).not.toContain('regex');
    expect(operatorsOf(field(LICENSE_LIST_FIELDS, 'status'))).not.toContain('lt');
    expect(operatorsOf(field(LICENSE_LIST_FIELDS, 'createdAt'))).not.toContain('in');
    expect(acceptsApiOperator(field(LICENSE_LIST_FIELDS, 'status'), 'regex')).toBe(true);
    expect(acceptsApiOperator(field(LICENSE_LIST_FIELDS, 'properties.size'), 'regexnot')).toBe(false);
  });

  test('the value input: none for presence, option lists for enumerated fields, free text otherwise', () => {
    const status = field(LICENSE_LIST_FIELDS, 'status');
    const name = field(LICENSE_LIST_FIELDS, 'holder.name');
    expect(valueInputOf(status, 'exists')).toBe('none');
    expect(valueInputOf(status, 'eq')).toBe('option');
    expect(valueInputOf(status, 'nin')).toBe('options');
    expect(valueInputOf(status, 'contains')).toBe('text');
    expect(valueInputOf(name, 'in')).toBe('texts');
    expect(valueInputOf(name, 'lt')).toBe('text');
  });
});

describe('filter values', () => {
  test('dates as admins type them name a day, a minute or a second in Berlin', () => {
    const span = (text: string) => {
      const parsed = parseFilterDate(text);
      return parsed && [parsed.start.toISOString(), parsed.end.toISOString()];
    };
    expect(span('15.01.26')).toEqual(['2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z']);
    expect(span('15.01.2026')).toEqual(span('2026-01-15'));
    expect(span('01.07.2026 14:30')).toEqual(['2026-07-01T12:30:00.000Z', '2026-07-01T12:31:00.000Z']);
    expect(span('2026-07-01T14:30:05')).toEqual(['2026-07-01T12:30:05.000Z', '2026-07-01T12:30:06.000Z']);
    expect(span('2026-07-01T14:30:05.250Z')?.[0]).toBe('2026-07-01T14:30:05.250Z');
    // The days the clock changes last 23 and 25 hours.
    expect(span('29.03.26')).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(span('25.10.26')).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    for (const wrong of ['31.02.26', '2026-13-01', '15.01.', 'gestern', '1.1.26 25:00', '']) {
      expect(parseFilterDate(wrong), wrong).toBeUndefined();
    }
  });

  test('values are read by their field type, with German reasons', () => {
    const size = field(LICENSE_LIST_FIELDS, 'properties.size');
    expect(readFilterValue(size, '12')).toEqual({ value: 12 });
    expect(readFilterValue(size, '1.5')).toEqual({ problem: '„Größe” erwartet eine ganze Zahl.' });
    expect(readFilterValue(size, '99999999999').problem).toBeDefined();
    const status = field(LICENSE_LIST_FIELDS, 'status');
    expect(readFilterValue(status, 'gold').problem).toBe(
      '„gold” ist kein gültiger Wert für „Status” (unbound, bound, disabled).',
    );
    const deliver = field(ORDER_GENERATION_LIST_FIELDS, 'deliver');
    expect(readFilterValue(deliver, 'false')).toEqual({ value: false });
    const id = field(LICENSE_LIST_FIELDS, '_id');
    expect(readFilterValue(id, '7D1E4B1E-1B5E-4C1E-9A1E-1B5E4C1E9A1E')).toEqual({
      value: '7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e',
    });
    expect(readFilterValue(id, 'abc').problem).toBe('„ID” erwartet eine ID.');
  });

  test('the query builder checks a value before sending it, as the server will', () => {
    const name = field(LICENSE_LIST_FIELDS, 'holder.name');
    const created = field(LICENSE_LIST_FIELDS, 'createdAt');
    expect(filterValueProblem(name, 'regex', '(a*)*\\1')).toBe(
      'Rückbezüge wie \\1 sind in Suchmustern nicht möglich.',
    );
    expect(filterValueProblem(name, 'contains', '\\1')).toBeUndefined();
    expect(filterValueProblem(name, 'eq', 'x'.repeat(501))).toBe(
      'Der Wert für „Name des Lizenznehmers” ist zu lang.',
    );
    expect(filterValueProblem(created, 'gte', '')).toBe('Bitte geben Sie einen Wert für „Erzeugt” an.');
    expect(filterValueProblem(created, 'gte', '32.01.26')).toMatch(/erwartet ein Datum/);
    expect(filterValueProblem(created, 'exists', '')).toBeUndefined();
  });
});
