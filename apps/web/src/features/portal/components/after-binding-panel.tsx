import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { licenseCapabilities, type License } from '@lizenzportal/domain';
import { Link } from 'react-router';
import { DOWNLOAD_PATH } from '@/lib/paths';
import { GRANTED_DOWNLOADS_HEADING, grantedDownloads } from '../capability-labels.ts';

/**
 * What a bound license offers: download licenses are thanked (right after binding: the license
 * document is on its way by mail) and sent to the download area; a DVD
 * license has no download right but makes later updates easier. Further download permissions are
 * listed where they exist.
 */
/** Said after a binding, for either kind of delivery. */
const DOCUMENT_MAILED =
  ' Wir haben Ihnen das aktualisierte Lizenzdokument (PDF) mit dem Namen des Lizenznehmers per E-Mail gesendet.';

export function AfterBindingPanel({ license, justBound = false }: { license: License; justBound?: boolean }) {
  const isDownload = license.properties.delivery === 'download';
  const extras = grantedDownloads(license).filter(
    (download) => !isDownload || download.key !== 'mainDownload',
  );
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title="Ihre Lizenz ist gebunden"
    >
      <Stack gap="sm">
        {isDownload ? (
          <Text size="sm">
            Vielen Dank, dass Sie Ihre Lizenz registriert haben!
            {justBound && DOCUMENT_MAILED} Die Software steht Ihnen im Download-Bereich zum Herunterladen
            bereit.
          </Text>
        ) : (
          <Text size="sm">
            Ihre Lizenz wurde auf DVD ausgeliefert. Eine DVD-Lizenz enthält kein Download-Recht, erleichtert
            Ihnen aber spätere Updates.
            {justBound && DOCUMENT_MAILED}
          </Text>
        )}
        {extras.length > 0 && (
          <>
            <Text size="sm">{isDownload ? 'Außerdem freigeschaltet:' : GRANTED_DOWNLOADS_HEADING}</Text>
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
              Zum Download-Bereich
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
