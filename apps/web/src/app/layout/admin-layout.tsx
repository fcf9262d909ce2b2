import { Box, Container, Divider, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { useCurrentUser } from '@/lib/auth';
import { BACKEND_PATH } from '@/lib/paths';
import { ADMIN_PAGES } from './admin-pages.ts';
import { LogoutButton } from './logout-button.tsx';
import { NavButton } from './nav-button.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** Frame of the back office: navigation bar, content, footer. */
export function AdminLayout() {
  const { data: user } = useCurrentUser();
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <SiteHeader
        width="xl"
        home={BACKEND_PATH}
        title="Lizenzportal · Verwaltung"
        navigation={
          <Group component="nav" aria-label="Verwaltung" gap={4}>
            {ADMIN_PAGES.map((page) => (
              <NavButton key={page.to} to={page.to} end={false}>
                {page.label}
              </NavButton>
            ))}
          </Group>
        }
        end={user && <LogoutButton user={user} />}
      />
      <Divider />
      <Container component="main" size="xl" w="100%" py="xl">
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
