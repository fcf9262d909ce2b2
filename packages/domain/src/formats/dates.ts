const TIME_ZONE = 'Europe/Berlin';

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
