import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconFileCertificate, IconFileDescription } from '@tabler/icons-react';
import { licensePageMessages, type License, type LicenseDocumentType } from '@lizenzportal/domain';
import { useHoverHint } from '@/components/ui/hover-hint';
import { useOpenLicenseDocument } from '@/lib/open-document';
import { ActionFailure } from '../components/action-failure.tsx';
import { toastFailure } from '../components/failure-toast.ts';

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

type OpenLicenseDocument = ReturnType<typeof useOpenLicenseDocument>;

/**
 * The AKTIONEN column: download the starter and the license document, each disabled while the
 * license has none; a bound license without a starter document shows „-” in its place. A failure
 * stays below the buttons until the next try.
 */
export function LicenseDocumentActions({ license }: { license: License }) {
  const open = useOpenLicenseDocument(license._id, toastFailure);
  return (
    <Stack gap={4}>
      <Group gap={4} wrap="nowrap">
        {license.status === 'bound' && !license.starterDocument ? (
          <Text w={28} ta="center" aria-label={DOCUMENTS.starter.missing}>
            -
          </Text>
        ) : (
          <DocumentButton open={open} kind="starter" present={license.starterDocument !== null} />
        )}
        <DocumentButton open={open} kind="license" present={license.licenseDocument !== null} />
      </Group>
      <ActionFailure {...open.failure} />
    </Stack>
  );
}

function DocumentButton({
  open,
  kind,
  present,
}: {
  open: OpenLicenseDocument;
  kind: LicenseDocumentType;
  present: boolean;
}) {
  const { label, missing, Icon } = DOCUMENTS[kind];
  const { targetProps, hint } = useHoverHint<HTMLButtonElement>(present ? label : missing);
  return (
    <>
      <ActionIcon
        {...targetProps}
        variant="subtle"
        // Without a document it looks disabled but keeps the focus stop, where its hint says why.
        data-disabled={!present || undefined}
        aria-disabled={!present || undefined}
        loading={open.running === kind}
        aria-label={present ? label : missing}
        onClick={() => present && open.start(kind)}
      >
        <Icon size={18} aria-hidden />
      </ActionIcon>
      {hint}
    </>
  );
}
