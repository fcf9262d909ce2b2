import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconFileCertificate, IconFileDescription } from '@tabler/icons-react';
import { licensePageMessages, type License } from '@lizenzportal/domain';
import { useState } from 'react';
import { apiRequest } from '@/lib/api';
import { openSignedDocument } from '../components/open-document.ts';

const DOCUMENTS = {
  starter: {
    label: licensePageMessages.downloadStarterDocument,
    missing: licensePageMessages.noStarterDocument,
    Icon: IconFileDescription,
  },
  license: {
    label: licensePageMessages.downloadLicenseDocument,
    missing: licensePageMessages.noLicenseDocument,
    Icon: IconFileCertificate,
  },
} as const;

/** Opens a license's starter or license document (a short-lived signed URL) in a new window. */
export function openLicenseDocument(licenseId: string, kind: keyof typeof DOCUMENTS): Promise<void> {
  return openSignedDocument(() => apiRequest<{ url: string }>(`/license/${licenseId}/${kind}-document-url`));
}

/**
 * The AKTIONEN column: download the starter and the license document, each disabled while the
 * license has none; a bound license without a starter document shows „-” in its place.
 */
export function LicenseDocumentActions({ license }: { license: License }) {
  return (
    <Group gap={4} wrap="nowrap">
      {license.status === 'bound' && !license.starterDocument ? (
        <Text w={28} ta="center" aria-label={DOCUMENTS.starter.missing}>
          -
        </Text>
      ) : (
        <DocumentButton license={license} kind="starter" present={license.starterDocument !== null} />
      )}
      <DocumentButton license={license} kind="license" present={license.licenseDocument !== null} />
    </Group>
  );
}

function DocumentButton({
  license,
  kind,
  present,
}: {
  license: License;
  kind: keyof typeof DOCUMENTS;
  present: boolean;
}) {
  const [opening, setOpening] = useState(false);
  const { label, missing, Icon } = DOCUMENTS[kind];
  return (
    <Tooltip label={present ? label : missing}>
      <ActionIcon
        variant="subtle"
        disabled={!present}
        loading={opening}
        aria-label={present ? label : missing}
        onClick={() => {
          setOpening(true);
          void openLicenseDocument(license._id, kind).finally(() => setOpening(false));
        }}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
