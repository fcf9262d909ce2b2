import { Card, Stack, Title } from '@mantine/core';

/** A titled section of a detail page, named by its title for assistive technology. */
export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
