import { Anchor, Container, Group } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The bar on top of every page: portal name, navigation, and whatever belongs at the right end. */
export function SiteHeader({
  home,
  title,
  width,
  navigation,
  end,
}: {
  home: string;
  title: string;
  /** The width of the content below, so both line up. */
  width: 'md' | 'xl';
  navigation?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <Container component="header" size={width} w="100%" py="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="lg">
          <Anchor component={Link} to={home} fw={700} size="lg" c="dark" underline="never">
            <Group gap={6} component="span">
              <IconCertificate aria-hidden />
              {title}
            </Group>
          </Anchor>
          {navigation}
        </Group>
        {end}
      </Group>
    </Container>
  );
}
