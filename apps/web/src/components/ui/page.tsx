import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page with its heading; the browser tab shows the same title. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <title>{`${title} – Lizenzportal`}</title>
      <Title order={1}>{title}</Title>
      {children}
    </Stack>
  );
}
