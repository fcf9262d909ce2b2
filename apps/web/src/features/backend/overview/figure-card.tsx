import {
  Badge,
  ColorSwatch,
  Group,
  Loader,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  figureDefinition,
  figureRate,
  LOADING_LABEL,
  overviewMessages,
  PERIOD_SPANS,
  type OverviewFigure,
  type OverviewFigureData,
  type OverviewPeriod,
} from '@lizenzportal/domain';
import { useId } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { PageLoader } from '@/components/ui/page-loader';
import { apiRequest, failedCall } from '@/lib/api';
import { FigureChart } from './figure-chart.tsx';
import { formatRate, formatValue, seriesColor } from './figure-style.ts';
import { FigureTable } from './figure-table.tsx';

const messages = overviewMessages.figures;

/**
 * One figure of the period: its title, what it counts, the legend with the period's sums (or
 * today's levels), and the chart with its table a tab away; screen readers read the table.
 */
export function FigureCard({ figure, period }: { figure: OverviewFigure; period: OverviewPeriod }) {
  const headingId = useId();
  const title = messages.titles[figure](PERIOD_SPANS[period].granularity);
  const answer = useQuery({
    queryKey: ['overview', 'figure', figure, period],
    queryFn: ({ signal }) =>
      apiRequest<{ figure: OverviewFigureData }>(`/overview/figure/${figure}`, {
        query: `period=${period}`,
        signal,
      }),
    // The last period stays in view while the next one loads.
    placeholderData: keepPreviousData,
  });
  const data = answer.data?.figure;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {answer.isFetching && !answer.isPending && (
            <Loader size="xs" role="status" aria-label={LOADING_LABEL} />
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {messages.descriptions[figure]}
        </Text>
        {answer.isError && !data ? (
          <ErrorBox
            title={messages.loadFailed(title)}
            failure={failedCall(answer.error)}
            message={answer.error.message}
            onRetry={() => void answer.refetch()}
            retrying={answer.isFetching}
          />
        ) : !data ? (
          <PageLoader />
        ) : (
          <FigureBody figure={figure} data={data} title={title} />
        )}
      </Stack>
    </Paper>
  );
}

function FigureBody({
  figure,
  data,
  title,
}: {
  figure: OverviewFigure;
  data: OverviewFigureData;
  title: string;
}) {
  const definition = figureDefinition(figure);
  const empty = data.buckets.every((bucket) => Object.values(bucket.values).every((value) => value === 0));
  const summary = definition.cumulative
    ? data.buckets.at(-1)!.values
    : Object.fromEntries(
        definition.series.map(({ key }) => [
          key,
          data.buckets.reduce((sum, bucket) => sum + (bucket.values[key] ?? 0), 0),
        ]),
      );
  return (
    <>
      <Group gap="md" aria-label={definition.cumulative ? messages.levels : messages.sums} role="group">
        <Badge variant="light" color="gray">
          {definition.cumulative ? messages.levels : messages.sums}
        </Badge>
        {definition.series.map(({ key, label }) => (
          <Group key={key} gap={6} wrap="nowrap">
            <ColorSwatch
              color={`var(--mantine-color-${seriesColor(figure, key).replace('.', '-')})`}
              size={12}
              aria-hidden
            />
            <Text size="sm">
              {label}: <b>{formatValue(definition, summary[key] ?? 0)}</b>
            </Text>
          </Group>
        ))}
        {definition.rate && (
          <Text size="sm">
            {definition.rate.label}: <b>{formatRate(figureRate(definition.rate, summary))}</b>
          </Text>
        )}
      </Group>
      {empty ? (
        <Text size="sm">{messages.empty}</Text>
      ) : (
        <Tabs defaultValue="chart" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="chart">{messages.chart}</Tabs.Tab>
            <Tabs.Tab value="table">{messages.table}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="chart" pt="sm">
            <div aria-hidden>
              <FigureChart figure={figure} definition={definition} data={data} />
            </div>
            <VisuallyHidden>
              <FigureTable definition={definition} data={data} caption={title} linked={false} />
            </VisuallyHidden>
          </Tabs.Panel>
          <Tabs.Panel value="table" pt="sm">
            <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={title}>
              <FigureTable definition={definition} data={data} caption={title} linked />
            </div>
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
