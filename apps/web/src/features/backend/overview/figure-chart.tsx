import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import {
  bucketAxisLabel,
  type FigureDefinition,
  type OverviewFigure,
  type OverviewFigureData,
} from '@lizenzportal/domain';
import { useNavigate } from 'react-router';
import { formatAxisValue, formatValue, seriesColor } from './figure-style.ts';
import { recordsAddress } from './records-address.ts';

export interface FigureChartProps {
  figure: OverviewFigure;
  definition: FigureDefinition;
  data: OverviewFigureData;
}

/**
 * The figure drawn: stacked or grouped bars of what happened per day, week or month, or the levels
 * as stacked areas. Screen readers skip it for the table; a click on a bar opens its records.
 */
export function FigureChart({ figure, definition, data }: FigureChartProps) {
  const navigate = useNavigate();
  const rows = data.buckets.map((bucket) => ({
    bucket: bucketAxisLabel(bucket.start, data.granularity),
    ...bucket.values,
  }));
  const series = definition.series.map(({ key, label }) => ({
    name: key,
    label,
    color: seriesColor(figure, key),
  }));
  const common = {
    h: 260,
    data: rows,
    dataKey: 'bucket',
    series,
    valueFormatter: (value: number) => formatValue(definition, value),
    yAxisProps: {
      tickFormatter: (value: number) => formatAxisValue(definition, value),
      width: 72,
      // Whole ticks: a count of 1 would get 0,25 steps, written as „0 0 1 1 1”; money counts cents.
      allowDecimals: false,
    },
    tickLine: 'y' as const,
    // The chart is no keyboard stop: the table is the way through its values.
    accessibilityLayer: false,
  };
  if (definition.chart === 'area') {
    return <AreaChart {...common} type="stacked" withDots={false} curveType="linear" fillOpacity={0.6} />;
  }
  const openRecords = (key: string, index: number) => {
    const bucket = data.buckets[index];
    const records = bucket && definition.records(key, bucket, index === data.buckets.length - 1);
    if (records) void navigate(recordsAddress(records));
  };
  return (
    <BarChart
      {...common}
      type={definition.chart === 'stacked' ? 'stacked' : 'default'}
      barProps={(bar) => ({
        cursor: 'pointer',
        onClick: (_: unknown, index: number) => openRecords(bar.name, index),
      })}
    />
  );
}
