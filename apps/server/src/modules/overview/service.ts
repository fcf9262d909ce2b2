import {
  ATTENTION_ITEM_NAMES,
  ATTENTION_ITEMS,
  calendarDayOf,
  figureDefinition,
  PERIOD_SPANS,
  periodBuckets,
  serializeAddressFilters,
  toApiFilter,
  type Attention,
  type OverviewFigure,
  type OverviewFigureData,
  type OverviewList,
  type OverviewPeriod,
} from '@lizenzportal/domain';
import { compileListQuery } from '../../lists/compile.ts';
import type { ListEntity } from '../../lists/list-entity.ts';
import type { ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import type { OverviewTally } from './tally.ts';

/** A back-office list as the overview counts it: its entity and its service's own list call. */
export interface CountedList {
  entity: ListEntity;
  list: (request: ListRequest) => Promise<Pick<ListPage<unknown>, 'total' | 'totalExact'>>;
}

/**
 * The back office's first page: what needs attention (counted by the lists that show it) and the
 * figures of a period (summed from the tally the database keeps).
 */
export class OverviewService {
  readonly #tally: OverviewTally;
  readonly #lists: Record<OverviewList, CountedList>;

  constructor(deps: { tally: OverviewTally; lists: Record<OverviewList, CountedList> }) {
    this.#tally = deps.tally;
    this.#lists = deps.lists;
  }

  /**
   * Each count of „Braucht Aufmerksamkeit”, asked of its list with the list's own filters (a list
   * with `limit` 0 answers its total alone), so the count is what the list it opens shows.
   */
  async attention(now = new Date()): Promise<Attention> {
    const today = calendarDayOf(now);
    const items = await Promise.all(
      ATTENTION_ITEM_NAMES.map(async (item) => {
        const { list, filters } = ATTENTION_ITEMS[item](today);
        const counted = this.#lists[list];
        const request = compileListQuery({ filters: filters.map(toApiFilter) }, counted.entity);
        const { total, totalExact } = await counted.list({ ...request, limit: 0 });
        return { item, list, filter: serializeAddressFilters(filters), count: total, countExact: totalExact };
      }),
    );
    return { items };
  }

  /** A figure per bucket of the period that ends today (Berlin); levels for a cumulative one. */
  async figure(
    figure: OverviewFigure,
    period: OverviewPeriod,
    now = new Date(),
  ): Promise<OverviewFigureData> {
    const definition = figureDefinition(figure);
    const { granularity } = PERIOD_SPANS[period];
    const buckets = periodBuckets(period, calendarDayOf(now));
    const sums = await this.#tally.sums({
      measures: definition.series.map((series) => series.measure),
      first: buckets[0]!.start,
      last: buckets.at(-1)!.end,
      granularity,
      withBefore: definition.cumulative,
    });
    const level = new Map(sums.before);
    return {
      figure,
      period,
      granularity,
      buckets: buckets.map((bucket) => {
        const values: Record<string, number> = {};
        for (const { key, measure } of definition.series) {
          const amount = sums.buckets.get(bucket.start)?.get(measure) ?? 0;
          if (!definition.cumulative) {
            values[key] = amount;
            continue;
          }
          level.set(measure, (level.get(measure) ?? 0) + amount);
          values[key] = level.get(measure)!;
        }
        return { ...bucket, values };
      }),
    };
  }
}
