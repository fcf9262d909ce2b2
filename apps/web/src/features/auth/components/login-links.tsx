import { Stack, Text } from '@mantine/core';
import { SmartLink } from '@/components/ui/smart-link';
import { RECOVERY_PATH } from '@/lib/paths';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';

/** Help for customers who cannot sign in: the license document again, and the help page. */
export function LoginLinks() {
  const { data: settings } = useSettings();
  return (
    <Stack gap="xs">
      <Text size="sm">
        Lizenzdokument verloren?{' '}
        <SmartLink to={RECOVERY_PATH} newTab size="sm">
          Lassen Sie sich Ihr Lizenzdokument erneut zusenden
        </SmartLink>
      </Text>
      <Text size="sm">
        Fragen zur Anmeldung?{' '}
        <SmartLink to={settings?.helpUrl ?? DEFAULT_LINKS.helpUrl} size="sm">
          Hilfe
        </SmartLink>
      </Text>
    </Stack>
  );
}
