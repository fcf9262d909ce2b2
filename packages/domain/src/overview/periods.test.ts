import { describe, expect, test } from 'vitest';
import { bucketAxisLabel, bucketLabel } from './messages.ts';
import { calendarDayOf, isoWeek } from './calendar.ts';
import { ATTENTION_ITEMS } from './attention.ts';
import { figureRate, OVERVIEW_FIGURES } from './figures.ts';
import { periodBuckets } from './periods.ts';

describe('calendar days in Berlin', () => {
  test('an instant belongs to its Berlin day, on both sides of midnight and of the clock changes', () => {
    expect(calendarDayOf(new Date('2026-03-01T22:59:59Z'))).toBe('2026-03-01');
    expect(calendarDayOf(new Date('2026-03-01T23:00:00Z'))).toBe('2026-03-02');
    // Summer time: midnight in Berlin is 22:00 UTC.
    expect(calendarDayOf(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(calendarDayOf(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });

  test('ISO week numbers: week 1 holds the first Thursday', () => {
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2025-12-29')).toBe(1);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2026-03-02')).toBe(10);
    expect(isoWeek('2026-03-08')).toBe(10);
  });
});

describe('the periods of the picker', () => {
  test('4 weeks: 28 days ending today', () => {
    const buckets = periodBuckets('4w', '2026-03-29');
    expect(buckets).toHaveLength(28);
    expect(buckets[0]).toEqual({ start: '2026-03-02', end: '2026-03-02' });
    // The clock changes on 29 March: days stay days.
    expect(buckets.at(-1)).toEqual({ start: '2026-03-29', end: '2026-03-29' });
  });

  test('26 weeks: Monday to Sunday, the last one holding today', () => {
    const buckets = periodBuckets('26w', '2026-03-04');
    expect(buckets).toHaveLength(26);
    expect(buckets.at(-1)).toEqual({ start: '2026-03-02', end: '2026-03-08' });
    expect(buckets.at(-2)).toEqual({ start: '2026-02-23', end: '2026-03-01' });
    expect(buckets[0]).toEqual({ start: '2025-09-08', end: '2025-09-14' });
  });

  test('12 months: whole months, across the turn of the year', () => {
    const buckets = periodBuckets('12m', '2026-02-15');
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ start: '2025-03-01', end: '2025-03-31' });
    expect(buckets.at(-1)).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(buckets.map((bucket) => bucket.start.slice(0, 7))).toContain('2025-12');
  });

  test('buckets are named in German', () => {
    expect(bucketLabel('2026-03-02', '2026-03-08', 'week')).toBe('KW 10 (02.03.–08.03.26)');
    expect(bucketLabel('2026-03-01', '2026-03-31', 'month')).toBe('März 2026');
    expect(bucketLabel('2026-03-02', '2026-03-02', 'day')).toBe('02.03.26');
    expect(bucketAxisLabel('2026-03-02', 'week')).toBe('KW 10');
    expect(bucketAxisLabel('2026-03-02', 'day')).toBe('02.03.');
  });
});

describe('the figures and their records', () => {
  test("a week's orders of one type open the order generations of those days", () => {
    expect(OVERVIEW_FIGURES.orders.records('upgrade', { start: '2026-03-02', end: '2026-03-08' })).toEqual({
      list: 'orderGeneration',
      filters: [
        { field: 'createdAt', operator: 'gte', values: ['02.03.26'] },
        { field: 'createdAt', operator: 'lte', values: ['08.03.26'] },
        { field: 'purchaseType', operator: 'eq', values: ['upgrade'] },
      ],
    });
    expect(
      OVERVIEW_FIGURES.downloads.records('software', { start: '2026-03-02', end: '2026-03-02' }).filters,
    ).toEqual([
      { field: 'createdAt', operator: 'eq', values: ['02.03.26'] },
      { field: 'object', operator: 'eq', values: ['software'] },
    ]);
  });

  test("the campaign's levels open a list only for today", () => {
    const week = { start: '2026-03-02', end: '2026-03-08' };
    expect(OVERVIEW_FIGURES.campaign.records('waiting', week, false)).toBeUndefined();
    expect(OVERVIEW_FIGURES.campaign.records('updated', week, true)?.filters).toEqual([
      { field: 'version', operator: 'eq', values: ['8'] },
      { field: 'updatedToLicense', operator: 'exists', values: [] },
    ]);
  });

  test('rates divide by what there is, and by nothing give none', () => {
    const { rate } = OVERVIEW_FIGURES.offers;
    expect(figureRate(rate, { created: 8, ordered: 2, expired: 1 })).toBe(0.25);
    expect(figureRate(rate, { created: 0, ordered: 0, expired: 0 })).toBeNull();
    expect(figureRate(OVERVIEW_FIGURES.campaign.rate, { waiting: 3, updated: 1 })).toBe(0.25);
  });

  test('offers expiring within 7 days: up to the end of the seventh day from today', () => {
    expect(ATTENTION_ITEMS.expiringOffers('2026-12-28').filters).toContainEqual({
      field: 'offerValidUntil',
      operator: 'lte',
      values: ['04.01.27'],
    });
  });
});
