import { Container, Group } from '@mantine/core';
import { SmartLink } from '@/components/ui/smart-link';
import { IMPRINT_PATH } from '@/lib/paths';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';

export function SiteFooter() {
  const { data: settings } = useSettings();
  return (
    <Container component="footer" w="100%" py="lg" mt="auto">
      <Group component="nav" aria-label="Rechtliches" gap="lg" justify="center">
        <SmartLink to={settings?.privacyUrl ?? DEFAULT_LINKS.privacyUrl} size="sm" c="dimmed">
          Datenschutz
        </SmartLink>
        <SmartLink to={IMPRINT_PATH} size="sm" c="dimmed">
          Impressum
        </SmartLink>
        {settings && (
          <SmartLink to={settings.shopUrl} size="sm" c="dimmed">
            Shop
          </SmartLink>
        )}
      </Group>
    </Container>
  );
}
