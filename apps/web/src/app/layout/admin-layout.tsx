import { Group } from '@mantine/core';
import { navigationMessages } from '@lizenzportal/domain';
import { BACKEND_PATH } from '@/lib/paths';
import { ADMIN_PAGES } from './admin-pages.ts';
import { NavButton } from './nav-button.tsx';
import { SiteFrame } from './site-frame.tsx';

/** Frame of the back office: navigation bar, content, footer. */
export function AdminLayout() {
  return (
    <SiteFrame
      width="xl"
      home={BACKEND_PATH}
      title={navigationMessages.backOffice}
      navigation={
        <Group component="nav" aria-label={navigationMessages.backOfficeNavigation} gap={4}>
          {ADMIN_PAGES.map((page) => (
            <NavButton key={page.to} to={page.to} end={'end' in page}>
              {page.label}
            </NavButton>
          ))}
        </Group>
      }
    />
  );
}
