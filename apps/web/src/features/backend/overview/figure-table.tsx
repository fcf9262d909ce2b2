import { Anchor, Table } from '@mantine/core';
import {
  bucketLabel,
  figureRate,
  overviewMessages,
  type FigureDefinition,
  type OverviewFigureData,
} from '@lizenzportal/domain';
import { Link } from 'react-router';
import { formatRate, formatValue } from './figure-style.ts';
import { recordsAddress } from './records-address.ts';

const messages = overviewMessages.figures;

export interface FigureTableProps {
  definition: FigureDefinition;
  data: OverviewFigureData;
  caption: string;
  /** Values link to their records (the visible table); the copy only screen readers read has no links. */
  linked: boolean;
}

/** The figure's numbers: a row per day, week or month, a column per series (and the rate), the sums below. */
export function FigureTable({ definition, data, caption, linked }: FigureTableProps) {
  const { granularity, buckets } = data;
  const totals = Object.fromEntries(
    definition.series.map(({ key }) => [
      key,
      buckets.reduce((sum, bucket) => sum + (bucket.values[key] ?? 0), 0),
    ]),
  );
  const cell = (
    key: string,
    value: number,
    bucket: OverviewFigureData['buckets'][number],
    current: boolean,
  ) => {
    const records = linked && value !== 0 ? definition.records(key, bucket, current) : undefined;
    const text = formatValue(definition, value);
    return records ? (
      <Anchor component={Link} to={recordsAddress(records)}>
        {text}
      </Anchor>
    ) : (
      text
    );
  };
  return (
    <Table striped fz="sm" ta="right">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" ta="left">
            {messages.bucketHeader[granularity]}
          </Table.Th>
          {definition.series.map((series) => (
            <Table.Th key={series.key} scope="col" ta="right">
              {series.label}
            </Table.Th>
          ))}
          {definition.rate && (
            <Table.Th scope="col" ta="right">
              {definition.rate.label}
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {buckets.map((bucket, index) => (
          <Table.Tr key={bucket.start}>
            <Table.Th scope="row" ta="left" fw={400}>
              {bucketLabel(bucket.start, bucket.end, granularity)}
            </Table.Th>
            {definition.series.map(({ key }) => (
              <Table.Td key={key}>
                {cell(key, bucket.values[key] ?? 0, bucket, index === buckets.length - 1)}
              </Table.Td>
            ))}
            {definition.rate && <Table.Td>{formatRate(figureRate(definition.rate, bucket.values))}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
      {!definition.cumulative && (
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" ta="left">
              {messages.total}
            </Table.Th>
            {definition.series.map(({ key }) => (
              <Table.Td key={key} fw={700}>
                {formatValue(definition, totals[key]!)}
              </Table.Td>
            ))}
            {definition.rate && (
              <Table.Td fw={700}>{formatRate(figureRate(definition.rate, totals))}</Table.Td>
            )}
          </Table.Tr>
        </Table.Tfoot>
      )}
    </Table>
  );
}
