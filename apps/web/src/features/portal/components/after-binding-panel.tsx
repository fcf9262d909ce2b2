import { Button, Group, List, Stack, Text } from '@mantine/core';
import { licenseCapabilities, portalMessages, type License } from '@lizenzportal/domain';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { DOWNLOAD_PATH } from '@/lib/paths';
import { grantedDownloads } from '../capability-labels.ts';
import { SuccessBox } from '@/components/ui/success-box';

/** One paragraph of the sentences that apply. */
const sentences = (...parts: (string | false)[]) => parts.filter(Boolean).join(' ');

/**
 * What a bound license offers: download licenses are thanked (right after binding: the license
 * document is on its way by mail) and sent to the download area; a DVD
 * license has no download right but makes later updates easier. Further download permissions are
 * listed where they exist.
 */
export function AfterBindingPanel({
  license,
  justBound = false,
  ref,
}: {
  license: License;
  justBound?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const isDownload = license.properties.delivery === 'download';
  const extras = grantedDownloads(license).filter(
    (download) => !isDownload || download.key !== 'mainDownload',
  );
  return (
    <SuccessBox ref={ref} title={portalMessages.boundTitle}>
      <Stack gap="sm">
        {isDownload ? (
          <Text size="sm">
            {sentences(
              portalMessages.thanks,
              justBound && portalMessages.documentMailed,
              portalMessages.readyForDownload,
            )}
          </Text>
        ) : (
          <Text size="sm">
            {sentences(portalMessages.deliveredOnDvd, justBound && portalMessages.documentMailed)}
          </Text>
        )}
        {extras.length > 0 && (
          <>
            <Text size="sm">{isDownload ? portalMessages.alsoGranted : portalMessages.grantedDownloads}</Text>
            <List size="sm">
              {extras.map((download) => (
                <List.Item key={download.key}>{download.label}</List.Item>
              ))}
            </List>
          </>
        )}
        {licenseCapabilities(license).downloadArea && (
          <Group>
            <Button component={Link} to={DOWNLOAD_PATH} color="green">
              {portalMessages.toDownloadArea}
            </Button>
          </Group>
        )}
      </Stack>
    </SuccessBox>
  );
}
