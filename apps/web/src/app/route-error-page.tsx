import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { documentTitle, errorPageMessages, pageTitles } from '@lizenzportal/domain';

/**
 * Shown when a page fails to render (a programming error, or an outdated build after an
 * update): reloading fetches the current app.
 */
export function RouteErrorPage() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <title>{documentTitle(pageTitles.error)}</title>
        <Title order={1}>{errorPageMessages.unexpected}</Title>
        <Text>{errorPageMessages.reloadAdvice}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{errorPageMessages.reload}</Button>
        </Group>
      </Stack>
    </Container>
  );
}
