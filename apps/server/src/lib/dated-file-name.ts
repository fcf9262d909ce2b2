import { TIME_ZONE } from '@lizenzportal/domain';

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A download's name with the day (in Berlin) first, so downloads sort by date: `2025-01-31_Lizenzen.csv`. */
export function datedFileName(name: string, now: Date): string {
  return `${berlinDate.format(now)}_${name}`;
}
