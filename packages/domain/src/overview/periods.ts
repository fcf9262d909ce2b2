import { addDays, addMonths, endOfMonth, startOfMonth, startOfWeek, type CalendarDay } from './calendar.ts';

/**
 * The spans the overview's figures cover (the period picker): the last 4 weeks by day, the last
 * 26 weeks by week, the last 12 months by month. Each ends with the day, week or month of today.
 */
export const OVERVIEW_PERIODS = ['4w', '26w', '12m'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
export const DEFAULT_OVERVIEW_PERIOD: OverviewPeriod = '26w';

export type Granularity = 'day' | 'week' | 'month';

export const PERIOD_SPANS: Record<OverviewPeriod, { granularity: Granularity; buckets: number }> = {
  '4w': { granularity: 'day', buckets: 28 },
  '26w': { granularity: 'week', buckets: 26 },
  '12m': { granularity: 'month', buckets: 12 },
};

export function isOverviewPeriod(value: unknown): value is OverviewPeriod {
  return (OVERVIEW_PERIODS as readonly unknown[]).includes(value);
}

/** One bar of a chart, one row of its table: the days from `start` to `end`, both included. */
export interface Bucket {
  start: CalendarDay;
  end: CalendarDay;
}

/** The first day of the bucket a day falls in (what PostgreSQL's `date_trunc` answers). */
export function bucketStart(day: CalendarDay, granularity: Granularity): CalendarDay {
  if (granularity === 'week') return startOfWeek(day);
  if (granularity === 'month') return startOfMonth(day);
  return day;
}

function bucketAt(start: CalendarDay, granularity: Granularity): Bucket {
  if (granularity === 'week') return { start, end: addDays(start, 6) };
  if (granularity === 'month') return { start, end: endOfMonth(start) };
  return { start, end: start };
}

/** The period's buckets, oldest first, the last one holding today (so it may end in the future). */
export function periodBuckets(period: OverviewPeriod, today: CalendarDay): Bucket[] {
  const { granularity, buckets } = PERIOD_SPANS[period];
  const last = bucketStart(today, granularity);
  return Array.from({ length: buckets }, (_, index) => {
    const back = buckets - 1 - index;
    const start =
      granularity === 'month'
        ? addMonths(last, -back)
        : addDays(last, -back * (granularity === 'week' ? 7 : 1));
    return bucketAt(start, granularity);
  });
}
