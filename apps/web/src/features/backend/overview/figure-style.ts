import type { MantineColor } from '@mantine/core';
import {
  formatCount,
  formatMoney,
  formatPercent,
  formatWholeEuros,
  overviewMessages,
  type FigureDefinition,
  type OVERVIEW_FIGURES,
  type OverviewFigure,
} from '@lizenzportal/domain';

type SeriesKeys<Figure extends OverviewFigure> = (typeof OVERVIEW_FIGURES)[Figure]['series'][number]['key'];

/**
 * Each series' colour: the theme's shades 6–8, every one at least 5.2:1 against white (`theme.ts`),
 * and neighbours in a stack of different hues.
 */
const SERIES_COLORS: { [Figure in OverviewFigure]: Record<SeriesKeys<Figure>, MantineColor> } = {
  orders: { new: 'blue.6', upgrade: 'teal.7', extension: 'orange.6', reseller: 'grape.7' },
  revenue: { revenue: 'blue.6' },
  campaign: { waiting: 'orange.6', updated: 'teal.7' },
  offers: { created: 'blue.6', ordered: 'teal.7', expired: 'gray.7' },
  licenses: { single: 'teal.7', multiple: 'orange.6', server: 'grape.7', pro: 'blue.6', personal: 'pink.7' },
  downloads: { software: 'blue.6', metasearch: 'teal.7' },
};

export const seriesColor = (figure: OverviewFigure, key: string): MantineColor =>
  (SERIES_COLORS[figure] as Record<string, MantineColor>)[key]!;

/** A value of the figure as German text: a count, or euros for money (cents inside). */
export function formatValue(definition: FigureDefinition, value: number): string {
  return definition.unit === 'money' ? formatMoney(value) : formatCount(value);
}

/** A value on the chart's axis: money in whole euros. */
export function formatAxisValue(definition: FigureDefinition, value: number): string {
  return definition.unit === 'money' ? formatWholeEuros(value) : formatCount(value);
}

/** A rate (0.25) as a percentage („25 %”), or „–” without anything to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? overviewMessages.figures.noRate : formatPercent(Math.round(rate * 1000) / 10);
}
