import { Button, Group, Text } from '@mantine/core';
import { errorPageMessages } from '@lizenzportal/domain';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { HOME_PATH } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <Page>
      <Text>{errorPageMessages.notFound}</Text>
      <Group>
        <Button component={Link} to={HOME_PATH}>
          {errorPageMessages.toHome}
        </Button>
      </Group>
    </Page>
  );
}
