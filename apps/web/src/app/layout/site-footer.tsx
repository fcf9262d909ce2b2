import { Container, Group } from '@mantine/core';
import { navigationMessages } from '@lizenzportal/domain';
import { SmartLink } from '@/components/ui/smart-link';
import { IMPRINT_PATH } from '@/lib/paths';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';

export function SiteFooter() {
  const { data: settings } = useSettings();
  return (
    <Container component="footer" w="100%" py="lg" mt="auto">
      <Group component="nav" aria-label={navigationMessages.legalNavigation} gap="lg" justify="center">
        <SmartLink to={settings?.privacyUrl ?? DEFAULT_LINKS.privacyUrl} size="sm" c="dimmed">
          {navigationMessages.privacy}
        </SmartLink>
        <SmartLink to={IMPRINT_PATH} size="sm" c="dimmed">
          {navigationMessages.imprint}
        </SmartLink>
        {settings && (
          <SmartLink to={settings.shopUrl} size="sm" c="dimmed">
            {navigationMessages.shop}
          </SmartLink>
        )}
      </Group>
    </Container>
  );
}
