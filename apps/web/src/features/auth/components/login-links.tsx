import { Stack, Text } from '@mantine/core';
import { loginPageMessages } from '@lizenzportal/domain';
import { SmartLink } from '@/components/ui/smart-link';
import { RECOVERY_PATH } from '@/lib/paths';
import { DEFAULT_LINKS, useSettings } from '@/lib/settings';

/** Help for customers who cannot sign in: the license document again, and the help page. */
export function LoginLinks() {
  const { data: settings } = useSettings();
  return (
    <Stack gap="xs">
      <Text size="sm">
        {loginPageMessages.documentLost}{' '}
        <SmartLink to={RECOVERY_PATH} newTab size="sm">
          {loginPageMessages.requestDocument}
        </SmartLink>
      </Text>
      <Text size="sm">
        {loginPageMessages.questions}{' '}
        <SmartLink to={settings?.helpUrl ?? DEFAULT_LINKS.helpUrl} size="sm">
          {loginPageMessages.help}
        </SmartLink>
      </Text>
    </Stack>
  );
}
