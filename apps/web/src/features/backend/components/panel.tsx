import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { backOfficeMessages } from '@lizenzportal/domain';
import type { ReactNode } from 'react';
import { Facts } from './facts.tsx';

/**
 * A titled section of a detail page, named by its title for assistive technology; its heading is
 * of level 2, or 3 inside a tab.
 */
export function Panel({ title, order = 2, children }: { title: string; order?: 2 | 3; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={order} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A panel of a record's facts in two columns, and what follows them (a link, a button). */
export function FactsPanel({
  title,
  items,
  children,
}: {
  title: string;
  items: [string, ReactNode][];
  children?: ReactNode;
}) {
  return (
    <Panel title={title}>
      <Facts columns={2} items={items} />
      {children}
    </Panel>
  );
}

/** The panels of a detail page: two side by side on a wide screen, one below the other else. */
export function PanelGrid({ children }: { children: ReactNode }) {
  return <SimpleGrid cols={{ base: 1, lg: 2 }}>{children}</SimpleGrid>;
}

/** A record's note as it was written (its line breaks kept), or that it has none. */
export function NotePanel({ title, note }: { title: string; note: string | null }) {
  return (
    <Panel title={title}>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {note ?? backOfficeMessages.noNote}
      </Text>
    </Panel>
  );
}
