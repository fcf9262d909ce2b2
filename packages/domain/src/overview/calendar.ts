import { TIME_ZONE } from '../formats/dates.ts';

/**
 * A calendar day in Europe/Berlin, written `YYYY-MM-DD` (the form PostgreSQL reads and writes a
 * `date` in). The overview counts by such days: a license created at 00:30 on a Monday in Berlin
 * belongs to that Monday, whatever the server's zone.
 */
export type CalendarDay = string;

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Berlin calendar day of an instant. */
export function calendarDayOf(instant: Date): CalendarDay {
  return berlinDay.format(instant);
}

/** Day arithmetic on the calendar alone: noon UTC of the day, so no zone or clock change interferes. */
function toUtc(day: CalendarDay): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date, 12));
}

function fromUtc(date: Date): CalendarDay {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = toUtc(day);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** The day `months` months later (or earlier), on the first of its month. */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const date = toUtc(day);
  return fromUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, 12)));
}

/** The Monday of the day's week (weeks run Monday to Sunday, as in Germany). */
export function startOfWeek(day: CalendarDay): CalendarDay {
  const weekday = (toUtc(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function startOfMonth(day: CalendarDay): CalendarDay {
  return `${day.slice(0, 8)}01`;
}

/** The last day of the day's month. */
export function endOfMonth(day: CalendarDay): CalendarDay {
  return addDays(addMonths(day, 1), -1);
}

/** The ISO 8601 week number (KW) of the day: week 1 holds the year's first Thursday. */
export function isoWeek(day: CalendarDay): number {
  const thursday = toUtc(addDays(startOfWeek(day), 3));
  const firstOfYear = Date.UTC(thursday.getUTCFullYear(), 0, 1, 12);
  return Math.floor((thursday.getTime() - firstOfYear) / 86_400_000 / 7) + 1;
}

/** The day as the back office's date filters take it and its lists show dates: `DD.MM.YY`. */
export function filterDate(day: CalendarDay): string {
  return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(2, 4)}`;
}
