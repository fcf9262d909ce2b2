import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { HOME_PATH } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <Page>
      <Text>
        Diese Adresse gibt es im Lizenzportal nicht. Vielleicht ist der Link veraltet oder unvollständig.
      </Text>
      <Group>
        <Button component={Link} to={HOME_PATH}>
          Zur Startseite
        </Button>
      </Group>
    </Page>
  );
}
