import { Anchor, Box, Container, Divider, Group } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { claimedUserType, readToken, useCurrentUser } from '@/lib/auth';
import { LogoutButton } from './logout-button.tsx';
import { SkipLink } from './skip-link.tsx';
import { SiteFooter } from './site-footer.tsx';

const MAIN_ID = 'inhalt';
/** The logout button's height: a default (`sm`) Mantine button's, 36 px. */
const BUTTON_HEIGHT = 36;

interface SiteFrameProps {
  /** Where the portal name leads. */
  home: string;
  title: string;
  /** The width of bar and content, so both line up. */
  width: 'md' | 'xl';
  navigation?: ReactNode;
}

/**
 * The frame of every page: the bar on top (portal name, navigation, the signed-in user's logout
 * button), the page, and the footer.
 */
export function SiteFrame({ home, title, width, navigation }: SiteFrameProps) {
  const { data: user, isPending } = useCurrentUser();
  // While a stored token's user loads, its logout button's row is kept: the page below, already
  // drawn for a returning admin (decisions 068, 078), does not move down when the button comes.
  const awaitingUser = isPending && claimedUserType(readToken()) !== null;
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <SkipLink target={MAIN_ID} />
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
          {user ? <LogoutButton user={user} /> : awaitingUser && <Box h={BUTTON_HEIGHT} w={120} />}
        </Group>
      </Container>
      <Divider />
      <Container component="main" id={MAIN_ID} tabIndex={-1} size={width} w="100%" py="xl">
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
