import { List, Stack, Tabs, Text } from '@mantine/core';
import { downloadMessages, downloadTitle, type License } from '@lizenzportal/domain';
import { useState } from 'react';
import { fetchLicenseDownloadUrl } from '../download-api.ts';
import { DownloadLink } from './download-link.tsx';

type Step = 'download' | 'unpack' | 'install';

/**
 * The main product's modal: generate the link, then download (and copy where allowed). Version 8
 * comes as an archive: its modal has the tabs Herunterladen, Entpacken, Installieren and moves on
 * to unpacking once the download has started.
 */
export function MainDownload({ license, copyable }: { license: License; copyable: boolean }) {
  const [step, setStep] = useState<Step>('download');
  const link = (
    <Stack gap="sm">
      <Text size="sm">{downloadMessages.mainDescription(license.version)}</Text>
      <DownloadLink
        title={downloadTitle({ product: 'software' }, license.version)}
        fetchUrl={() => fetchLicenseDownloadUrl(license._id, 'software')}
        copyable={copyable}
        onDownload={() => setStep('unpack')}
      />
    </Stack>
  );
  if (license.version !== '8') return link;
  return (
    <Tabs value={step} onChange={(value) => setStep((value as Step | null) ?? 'download')}>
      <Tabs.List>
        <Tabs.Tab value="download">Herunterladen</Tabs.Tab>
        <Tabs.Tab value="unpack">Entpacken</Tabs.Tab>
        <Tabs.Tab value="install">Installieren</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="download" pt="md">
        {link}
      </Tabs.Panel>
      <Tabs.Panel value="unpack" pt="md">
        <List type="ordered" size="sm" spacing="xs">
          <List.Item>
            Öffnen Sie den Ordner, in dem Ihr Browser die heruntergeladene ZIP-Datei gespeichert hat.
          </List.Item>
          <List.Item>
            Klicken Sie mit der rechten Maustaste auf die Datei und wählen Sie „Alle extrahieren …“.
          </List.Item>
          <List.Item>Wählen Sie einen Zielordner und bestätigen Sie mit „Extrahieren“.</List.Item>
        </List>
      </Tabs.Panel>
      <Tabs.Panel value="install" pt="md">
        <List type="ordered" size="sm" spacing="xs">
          <List.Item>Öffnen Sie den entpackten Ordner und starten Sie „Setup.exe“.</List.Item>
          <List.Item>Folgen Sie dem Installationsassistenten.</List.Item>
          <List.Item>
            Geben Sie beim ersten Start Ihren Lizenzschlüssel und den Namen des Lizenznehmers genau wie im
            Lizenzdokument ein.
          </List.Item>
        </List>
      </Tabs.Panel>
    </Tabs>
  );
}
