import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { OVERVIEW_FIGURE_NAMES, overviewMessages } from '@lizenzportal/domain';
import { useId } from 'react';
import { Page } from '@/components/ui/page';
import { AttentionSection } from './attention-section.tsx';
import { FigureCard } from './figure-card.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { usePeriod } from './use-period.ts';

/** `/backend`: „Übersicht” — what needs attention today, and how the business is going. */
export function OverviewPage() {
  const [period, setPeriod] = usePeriod();
  const figuresId = useId();
  return (
    <Page>
      <AttentionSection />
      <Stack component="section" aria-labelledby={figuresId} gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} id={figuresId}>
            {overviewMessages.figures.title}
          </Title>
          <PeriodPicker value={period} onChange={setPeriod} />
        </Group>
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {OVERVIEW_FIGURE_NAMES.map((figure) => (
            <FigureCard key={figure} figure={figure} period={period} />
          ))}
        </SimpleGrid>
      </Stack>
    </Page>
  );
}
