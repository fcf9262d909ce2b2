import { z } from 'zod';
import type { Filter } from '../list-query/address-syntax.ts';
import { DOWNLOAD_OBJECT_LABELS } from '../downloads/download-record.ts';
import { DOWNLOAD_PRODUCTS, LICENSE_CLASS_LABELS, LICENSE_CLASSES } from '../license/enums.ts';
import { overviewMessages } from './messages.ts';
import { PURCHASE_TYPE_LABELS, type PurchaseType } from '../upgrade-session/enums.ts';
import { filterDate } from './calendar.ts';
import { OVERVIEW_PERIODS, type Bucket } from './periods.ts';
import type { OverviewList, RecordsLink } from './records.ts';

const { series: labels } = overviewMessages.figures;

/** One coloured part of a chart: a row of its table, summed from one measure of the tally. */
export interface FigureSeries {
  key: string;
  label: string;
  /** What the database's tally counts for it (migration 018: `<table>_tally`). */
  measure: string;
}

/** A share one series has of others (conversion, share updated), shown beside the counts. */
export interface FigureRate {
  key: string;
  label: string;
  numerator: string;
  denominator: readonly string[];
}

/**
 * One chart of the overview. `cumulative`: each bucket shows the level at its end (all that came
 * before included), not what happened within it. `records`: the list (with its filters) holding
 * the records behind one value, so that every number is one click away from them.
 */
export interface FigureDefinition {
  series: readonly FigureSeries[];
  unit: 'count' | 'money';
  cumulative: boolean;
  chart: 'stacked' | 'grouped' | 'area';
  rate?: FigureRate;
  records: (series: string, bucket: Bucket, current: boolean) => RecordsLink | undefined;
}

const series = <const Key extends string>(
  keys: readonly Key[],
  label: (key: Key) => string,
  measure: (key: Key) => string,
): FigureSeries[] => keys.map((key) => ({ key, label: label(key), measure: measure(key) }));

/** `field` on the bucket's days: the one day, or from its first to its last. */
function within(field: string, { start, end }: Bucket): Filter[] {
  if (start === end) return [{ field, operator: 'eq', values: [filterDate(start)] }];
  return [
    { field, operator: 'gte', values: [filterDate(start)] },
    { field, operator: 'lte', values: [filterDate(end)] },
  ];
}

const records = (list: OverviewList, ...filters: Filter[][]): RecordsLink => ({
  list,
  filters: filters.flat(),
});

const is = (field: string, value: string): Filter[] => [{ field, operator: 'eq', values: [value] }];

/** The purchase types in the order the back office names them first to last. */
const ORDER_PURCHASE_TYPES = [
  'new',
  'upgrade',
  'extension',
  'reseller',
] as const satisfies readonly PurchaseType[];

/** An offer was ordered once its session was bought, whatever its order generation did since. */
export const ORDERED_SESSION_STATUSES = ['purchased', 'in-progress', 'completed', 'failed'] as const;

/** The version 8 licenses the campaign counts, as the license list filters them today. */
const CAMPAIGN_LICENSES: Record<'waiting' | 'updated', Filter[]> = {
  waiting: [
    ...is('version', '8'),
    { field: 'status', operator: 'neq', values: ['disabled'] },
    { field: 'updatedToLicense', operator: 'existsnot', values: [] },
  ],
  updated: [...is('version', '8'), { field: 'updatedToLicense', operator: 'exists', values: [] }],
};

export const OVERVIEW_FIGURES = {
  orders: {
    series: series(
      ORDER_PURCHASE_TYPES,
      (type) => PURCHASE_TYPE_LABELS[type],
      (type) => `order_generation.purchase.${type}`,
    ),
    unit: 'count',
    cumulative: false,
    chart: 'stacked',
    records: (type, bucket) =>
      records('orderGeneration', within('createdAt', bucket), is('purchaseType', type)),
  },
  revenue: {
    series: [{ key: 'revenue', label: labels.revenue, measure: 'order_generation.revenue' }],
    unit: 'money',
    cumulative: false,
    chart: 'stacked',
    records: (_, bucket) => records('orderGeneration', within('createdAt', bucket)),
  },
  campaign: {
    series: [
      { key: 'waiting', label: labels.waiting, measure: 'license.v8.waiting' },
      { key: 'updated', label: labels.updated, measure: 'license.v8.updated' },
    ],
    unit: 'count',
    cumulative: true,
    chart: 'area',
    rate: { key: 'share', label: labels.share, numerator: 'updated', denominator: ['waiting', 'updated'] },
    // Only today's levels are a list: which licenses waited at the end of an earlier week, no list says.
    records: (key, _, current) =>
      current ? records('license', CAMPAIGN_LICENSES[key as 'waiting' | 'updated']) : undefined,
  },
  offers: {
    series: [
      { key: 'created', label: labels.created, measure: 'upgrade_session.offer.created' },
      { key: 'ordered', label: labels.ordered, measure: 'upgrade_session.offer.ordered' },
      { key: 'expired', label: labels.expired, measure: 'upgrade_session.offer.expired' },
    ],
    unit: 'count',
    cumulative: false,
    chart: 'grouped',
    rate: { key: 'conversion', label: labels.conversion, numerator: 'ordered', denominator: ['created'] },
    records: (outcome, bucket) =>
      records(
        'upgradeSession',
        within('offeredAt', bucket),
        outcome === 'ordered'
          ? [{ field: 'status', operator: 'in', values: [...ORDERED_SESSION_STATUSES] }]
          : outcome === 'expired'
            ? is('status', 'expired')
            : [],
      ),
  },
  licenses: {
    series: series(
      LICENSE_CLASSES,
      (licenseClass) => LICENSE_CLASS_LABELS[licenseClass],
      (licenseClass) => `license.class.${licenseClass}`,
    ),
    unit: 'count',
    cumulative: false,
    chart: 'stacked',
    records: (licenseClass, bucket) =>
      records('license', within('createdAt', bucket), is('properties.class', licenseClass)),
  },
  downloads: {
    series: series(
      DOWNLOAD_PRODUCTS,
      (object) => DOWNLOAD_OBJECT_LABELS[object],
      (object) => `download.object.${object}`,
    ),
    unit: 'count',
    cumulative: false,
    chart: 'stacked',
    records: (object, bucket) => records('download', within('createdAt', bucket), is('object', object)),
  },
} as const satisfies Record<string, FigureDefinition>;

export type OverviewFigure = keyof typeof OVERVIEW_FIGURES;
/** The overview's charts, in the order the page shows them. */
export const OVERVIEW_FIGURE_NAMES = Object.keys(OVERVIEW_FIGURES) as OverviewFigure[];

/** A figure's definition, typed as any figure's (for code that handles them all alike). */
export const figureDefinition = (figure: OverviewFigure): FigureDefinition => OVERVIEW_FIGURES[figure];

/**
 * A figure as the API answers it (`GET /api/v1/overview/figure/{figure}?period=…`): per bucket of
 * the period, oldest first, the value of each series (cents for money).
 */
export const overviewFigureDataSchema = z.object({
  figure: z.enum(OVERVIEW_FIGURE_NAMES as [OverviewFigure, ...OverviewFigure[]]),
  period: z.enum(OVERVIEW_PERIODS),
  granularity: z.enum(['day', 'week', 'month']),
  buckets: z.array(
    z.object({
      start: z.iso.date(),
      end: z.iso.date(),
      values: z.record(z.string(), z.number()),
    }),
  ),
});
export type OverviewFigureData = z.infer<typeof overviewFigureDataSchema>;

/** The rate of a bucket's values (0.25 for 25 %); null when there is nothing to divide by. */
export function figureRate(rate: FigureRate, values: Record<string, number>): number | null {
  const denominator = rate.denominator.reduce((sum, key) => sum + (values[key] ?? 0), 0);
  return denominator === 0 ? null : (values[rate.numerator] ?? 0) / denominator;
}
