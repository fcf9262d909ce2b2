import { List, Stack, Tabs, Text } from '@mantine/core';
import { archiveInstallMessages, downloadMessages, downloadTitle, type License } from '@lizenzportal/domain';
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
        <Tabs.Tab value="download">{archiveInstallMessages.download}</Tabs.Tab>
        <Tabs.Tab value="unpack">{archiveInstallMessages.unpack}</Tabs.Tab>
        <Tabs.Tab value="install">{archiveInstallMessages.install}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="download" pt="md">
        {link}
      </Tabs.Panel>
      <Tabs.Panel value="unpack" pt="md">
        <Steps steps={archiveInstallMessages.unpackSteps} />
      </Tabs.Panel>
      <Tabs.Panel value="install" pt="md">
        <Steps steps={archiveInstallMessages.installSteps} />
      </Tabs.Panel>
    </Tabs>
  );
}

function Steps({ steps }: { steps: readonly string[] }) {
  return (
    <List type="ordered" size="sm" spacing="xs">
      {steps.map((step) => (
        <List.Item key={step}>{step}</List.Item>
      ))}
    </List>
  );
}
