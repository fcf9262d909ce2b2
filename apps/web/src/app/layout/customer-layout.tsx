import { Group } from '@mantine/core';
import { licenseCapabilities } from '@lizenzportal/domain';
import { useCurrentUser } from '@/lib/auth';
import { DOWNLOAD_PATH, HOME_PATH, TERMS_PATH } from '@/lib/paths';
import { NavButton } from './nav-button.tsx';
import { SiteFrame } from './site-frame.tsx';

/** Frame of the customer pages and the open pages: navigation bar, content, footer. */
export function CustomerLayout() {
  const { data: user } = useCurrentUser();
  // The license links need a bound license (customer spec §2, §6).
  const license = user?.type === 'license' && user.status === 'bound' ? user : null;
  return (
    <SiteFrame
      width="md"
      home={HOME_PATH}
      title="Lizenzportal"
      navigation={
        license && (
          <Group component="nav" aria-label="Lizenz" gap={4}>
            <NavButton to={HOME_PATH}>Meine Lizenz</NavButton>
            {licenseCapabilities(license).downloadArea && <NavButton to={DOWNLOAD_PATH}>Download</NavButton>}
            <NavButton to={TERMS_PATH}>Nutzungsbedingungen</NavButton>
          </Group>
        )
      }
    />
  );
}
