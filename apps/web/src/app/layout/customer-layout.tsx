import { Group } from '@mantine/core';
import { licenseCapabilities, navigationMessages } from '@lizenzportal/domain';
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
      title={navigationMessages.portal}
      navigation={
        license && (
          <Group component="nav" aria-label={navigationMessages.licenseNavigation} gap={4}>
            <NavButton to={HOME_PATH}>{navigationMessages.myLicense}</NavButton>
            {licenseCapabilities(license).downloadArea && (
              <NavButton to={DOWNLOAD_PATH}>{navigationMessages.download}</NavButton>
            )}
            <NavButton to={TERMS_PATH}>{navigationMessages.terms}</NavButton>
          </Group>
        )
      }
    />
  );
}
