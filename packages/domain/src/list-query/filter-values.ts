import { berlinTime } from '../formats/dates.ts';
import { recordIdSchema } from '../formats/record-id.ts';
import { validationMessages } from '../messages/validation.ts';
import { listMessages } from '../messages/lists.ts';
import type { ListField } from './fields.ts';
import { operatorRow, type FilterOperator } from './operators.ts';
import { searchPatternProblem } from './search-pattern.ts';

/** The longest value a filter takes; patterns included. */
export const MAX_FILTER_VALUE_LENGTH = 500;

/** A date filter names a span: a whole day (`31.12.2026`), a minute, a second, or an instant. */
export interface DateSpan {
  start: Date;
  /** Exclusive. */
  end: Date;
}

export type FilterValue = string | number | boolean | DateSpan;

export type FilterValueResult = { value: FilterValue; problem?: undefined } | { problem: string };

const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads a date as admins type it: `31.12.26`, `31.12.2026 14:30`, `2026-12-31`, `2026-12-31T14:30:05`
 * (Europe/Berlin wall-clock time), or an instant with its zone (`…Z`, `…+01:00`).
 */
export function parseFilterDate(text: string): DateSpan | undefined {
  const trimmed = text.trim();
  if (ISO_INSTANT.test(trimmed)) {
    const instant = new Date(trimmed);
    if (Number.isNaN(instant.getTime())) return undefined;
    return { start: instant, end: new Date(instant.getTime() + 1) };
  }
  const german = GERMAN_DATE.exec(trimmed);
  const iso = german ? undefined : ISO_LOCAL.exec(trimmed);
  const fields = german
    ? [german[3]!, german[2]!, german[1]!, german[4], german[5], german[6]]
    : iso && [iso[1]!, iso[2]!, iso[3]!, iso[4], iso[5], iso[6]];
  if (!fields) return undefined;
  const [yearText, month, day, hour = 0, minute = 0, second = 0] = fields.map((part) =>
    part === undefined ? undefined : Number(part),
  ) as [number, number, number, number?, number?, number?];
  const year = fields[0]!.length === 2 ? 2000 + yearText : yearText;
  if (!isCalendarTime(year, month, day, hour, minute, second)) return undefined;
  const start = berlinTime(year, month, day, hour, minute, second);
  // The span is as long as the precision typed: a day, a minute or a second.
  if (fields[3] === undefined) return { start, end: berlinTime(year, month, day + 1) };
  return { start, end: new Date(start.getTime() + (fields[5] === undefined ? 60_000 : 1000)) };
}

function isCalendarTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    year <= 9999 &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}

/** Problems any text a filter carries can have: too long, or a character PostgreSQL cannot store. */
export function textProblem(field: ListField, value: string): string | undefined {
  if (value.length > MAX_FILTER_VALUE_LENGTH) return listMessages.valueTooLong(field.label);
  if (value.includes('\u0000')) return validationMessages.forbiddenCharacter;
  return undefined;
}

/** One value of a field as its type reads it, or the German reason why it is none. */
export function readFilterValue(field: ListField, raw: string): FilterValueResult {
  const problem = textProblem(field, raw);
  if (problem) return { problem };
  switch (field.type) {
    case 'number': {
      const number = Number(raw);
      if (!/^-?\d{1,10}$/.test(raw) || number < INT_MIN || number > INT_MAX) {
        return { problem: listMessages.integerExpected(field.label) };
      }
      return { value: number };
    }
    case 'date': {
      const span = parseFilterDate(raw);
      return span ? { value: span } : { problem: listMessages.dateExpected(field.label) };
    }
    case 'id':
    case 'idList': {
      const id = recordIdSchema.safeParse(raw);
      return id.success ? { value: id.data } : { problem: listMessages.idExpected(field.label) };
    }
    case 'boolean':
    case 'enum':
    case 'enumList': {
      const values = (field.options ?? []).map((option) => option.value);
      if (!values.includes(raw)) return { problem: listMessages.optionExpected(field.label, raw, values) };
      return { value: field.type === 'boolean' ? raw === 'true' : raw };
    }
    default:
      return { value: field.normalize ? field.normalize(raw) : raw };
  }
}

/**
 * Why the query builder cannot send this value for the field and operator, or undefined when it
 * can: the server's checks, and a value must be given (an empty text only comes by the API).
 */
export function filterValueProblem(
  field: ListField,
  operator: FilterOperator,
  raw: string,
): string | undefined {
  const { value } = operatorRow(operator);
  if (value === 'none') return undefined;
  if (raw === '') return listMessages.valueRequired(field.label);
  if (value === 'pattern') return textProblem(field, raw) ?? searchPatternProblem(raw);
  // A text searched for is any text, whatever the field's type.
  if (value === 'text') return textProblem(field, raw);
  return readFilterValue(field, raw).problem;
}
