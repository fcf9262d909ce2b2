import { Anchor, Stack, Text, Title } from '@mantine/core';
import { imprintMessages } from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { Page } from '@/components/ui/page';
import { PageLoader } from '@/components/ui/page-loader';
import { failedCall } from '@/lib/api';
import { useSettings } from '@/lib/settings';

/** `/imprint.html`: who runs the portal, from the server's settings. */
export function ImprintPage() {
  const settings = useSettings();
  return (
    <Page>
      {settings.isPending && <PageLoader />}
      {settings.error && (
        <ErrorBox
          title={imprintMessages.loadFailed}
          failure={failedCall(settings.error)}
          message={settings.error.message}
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.data && (
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {imprintMessages.vendor}
            </Title>
            <Text>{settings.data.vendorName}</Text>
            {settings.data.vendorAddress.split(',').map((line, index) => (
              <Text key={index}>{line.trim()}</Text>
            ))}
          </Stack>
          <Stack gap={4}>
            <Title order={2} size="h4">
              {imprintMessages.contact}
            </Title>
            <Text>
              {imprintMessages.email}{' '}
              <Anchor href={`mailto:${settings.data.supportEmail}`}>{settings.data.supportEmail}</Anchor>
            </Text>
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
