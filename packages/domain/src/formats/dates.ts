/** The zone of every date and time the portal shows or names a file by (the vendor's). */
export const TIME_ZONE = 'Europe/Berlin';

const dateFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `DD.MM.YY` in Europe/Berlin. */
export function formatDate(value: Date | string): string {
  return dateFormat.format(new Date(value));
}

/** `HH:mm:ss` in Europe/Berlin. */
export function formatTime(value: Date | string): string {
  return timeFormat.format(new Date(value));
}

/** `DD.MM.YY HH:mm:ss` in Europe/Berlin. */
export function formatDateTime(value: Date | string): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** `DD.MM.YY HH:mm` in Europe/Berlin: a moment a customer is told („gültig bis … Uhr”). */
export function formatDateTimeToMinute(value: Date | string): string {
  return `${formatDate(value)} ${formatTime(value).slice(0, 5)}`;
}

const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const HOUR_MS = 3_600_000;
/** Offsets by UTC hour: Berlin's clock has changed only at whole UTC hours since 1893. */
const offsetsByHour = new Map<number, number>();
const OFFSETS_KEPT = 100_000;
const HOURS_SINCE_1894 = Date.UTC(1894, 0, 1) / HOUR_MS;

/**
 * How far Europe/Berlin's wall clock is ahead of UTC at this instant, in milliseconds. Asked for
 * every date of an import's rows: Intl's answer is remembered per UTC hour (from 1894 on, when
 * Berlin's clock began to change only at whole hours), up to a bounded number of hours.
 */
function berlinOffset(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  if (hour < HOURS_SINCE_1894) return intlBerlinOffset(instant);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    offset = intlBerlinOffset(hour * HOUR_MS);
    if (offsetsByHour.size >= OFFSETS_KEPT) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

function intlBerlinOffset(instant: number): number {
  const part = Object.fromEntries(
    offsetFormat.formatToParts(instant).map((entry) => [entry.type, Number(entry.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(part.year, part.month - 1, part.day, part.hour, part.minute, part.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a Europe/Berlin wall-clock time names (month 1–12); in the hour the clock skips in
 * spring, the time an hour later.
 */
export function berlinTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the wall time read as UTC is right except near a change; a second step settles it.
  const estimate = wall - berlinOffset(wall);
  return new Date(wall - berlinOffset(estimate));
}
