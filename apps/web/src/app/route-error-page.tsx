import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';

/**
 * Shown when a page fails to render (a programming error, or an outdated build after an
 * update): reloading fetches the current app.
 */
export function RouteErrorPage() {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <title>Fehler – Lizenzportal</title>
        <Title order={1}>Ein unerwarteter Fehler ist aufgetreten</Title>
        <Text>
          Bitte laden Sie die Seite neu. Besteht das Problem weiter, wenden Sie sich bitte an den Support.
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Seite neu laden</Button>
        </Group>
      </Stack>
    </Container>
  );
}
