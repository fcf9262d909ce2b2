import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label–value pairs of a record (in expanded rows and detail panels), as a description list. */
export function Facts({ items, columns = 3 }: { items: [string, ReactNode][]; columns?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: Math.min(2, columns), md: columns }} spacing="sm" m={0}>
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="xs" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value ?? '-'}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
