import { Group } from '@mantine/core';
import { navigationMessages } from '@lizenzportal/domain';
import { BACKEND_PATH } from '@/lib/paths';
import { NavButton } from './nav-button.tsx';
import { SiteFrame } from './site-frame.tsx';

/** An entry of the back office's navigation bar, derived from the route table (`navigationOf`). */
export interface AdminNavigationEntry {
  to: string;
  label: string;
  /** Marked on its own address only, not on the pages below it. */
  end: boolean;
}

/** Frame of the back office: navigation bar, content, footer. */
export function AdminLayout({ navigation }: { navigation: readonly AdminNavigationEntry[] }) {
  return (
    <SiteFrame
      width="xl"
      home={BACKEND_PATH}
      title={navigationMessages.backOffice}
      navigation={
        <Group component="nav" aria-label={navigationMessages.backOfficeNavigation} gap={4}>
          {navigation.map((entry) => (
            <NavButton key={entry.to} to={entry.to} end={entry.end}>
              {entry.label}
            </NavButton>
          ))}
        </Group>
      }
    />
  );
}
