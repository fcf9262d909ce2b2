import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DOWNLOAD_CARD_TITLES,
  downloadMessages,
  downloadTitle,
  licenseCapabilities,
  METASEARCH_PLATFORM_LABELS,
  METASEARCH_PLATFORMS,
  type License,
} from '@lizenzportal/domain';
import { useQuery } from '@tanstack/react-query';
import { ErrorBox } from '@/components/ui/error-box';
import { failedCall } from '@/lib/api';
import { fetchLatestVersions, fetchMultistepDownloadUrl, fetchPlatformDownloadUrl } from '../download-api.ts';
import { DownloadLink } from './download-link.tsx';

/** The latest versions; on failure the error stays and the download buttons stay disabled (spec §7). */
function useLatestVersions() {
  return useQuery({
    queryKey: ['metasearch', 'latest-version'],
    queryFn: ({ signal }) => fetchLatestVersions(signal),
  });
}

/** Why the latest versions are missing, with a retry; nothing while they load or are there. */
function LatestVersionError({ latest }: { latest: ReturnType<typeof useLatestVersions> }) {
  if (!latest.error) return null;
  return (
    <ErrorBox
      title={downloadMessages.searchLinkToastTitle}
      failure={failedCall(latest.error)}
      message={latest.error.message}
      onRetry={() => void latest.refetch()}
      retrying={latest.isFetching}
    />
  );
}

function InstallerCard({
  title,
  version,
  disabled,
  fetchUrl,
}: {
  title: string;
  version: string | null | undefined;
  disabled: boolean;
  fetchUrl: () => Promise<string>;
}) {
  const published = version !== null;
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {version === undefined
            ? ' '
            : published
              ? downloadMessages.latestVersion(version)
              : downloadMessages.notPublished}
        </Text>
        <Group>
          <DownloadLink title={title} fetchUrl={fetchUrl} errorsAsToast disabled={disabled || !published} />
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The one-click installer modal: a card per platform with its latest version (spec §2). A version
 * 8 license with the multistep installer finds it here too.
 */
export function OneClickInstallers({ license }: { license: License }) {
  const latest = useLatestVersions();
  const multistep = licenseCapabilities(license).multistepInstaller;
  return (
    <Stack>
      <LatestVersionError latest={latest} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {METASEARCH_PLATFORMS.map((platform) => (
          <InstallerCard
            key={platform}
            title={METASEARCH_PLATFORM_LABELS[platform]}
            version={latest.data?.platforms[platform]}
            disabled={!latest.data}
            fetchUrl={() => fetchPlatformDownloadUrl(platform)}
          />
        ))}
        {multistep && (
          <InstallerCard
            title={downloadTitle({ product: 'metasearch-multistep' }, license.version)}
            version={latest.data?.multistep}
            disabled={!latest.data}
            fetchUrl={fetchMultistepDownloadUrl}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** The multistep installer modal: one card with its link and latest version. */
export function MultistepInstaller() {
  const latest = useLatestVersions();
  return (
    <Stack>
      <LatestVersionError latest={latest} />
      <InstallerCard
        title={DOWNLOAD_CARD_TITLES.multistepInstaller}
        version={latest.data?.multistep}
        disabled={!latest.data}
        fetchUrl={fetchMultistepDownloadUrl}
      />
    </Stack>
  );
}
