import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  backOfficeMessages,
  DOCUMENT_TYPE_LABELS,
  licensePageMessages as texts,
  mayGenerateDocument,
  type License,
  type LicenseDocumentType,
} from '@lizenzportal/domain';
import { useRef } from 'react';
import { apiRequest } from '@/lib/api';
import { focusAfterAction } from '@/lib/focus-after-action';
import { useOpenLicenseDocument } from '@/lib/open-document';
import { ActionFailure } from '../../components/action-failure.tsx';
import { auditKey } from '../../components/audit-trail.tsx';
import { toastFailure } from '../../components/failure-toast.ts';
import { useRecordAction } from '../../components/use-record-action.ts';
import { licenseKey } from '../../components/use-license.ts';

const GENERATED = {
  starter: backOfficeMessages.starterDocumentGenerated,
  license: backOfficeMessages.licenseDocumentGenerated,
} as const;

/** What may be done with a document: opened when present, made by the domain's rule. */
function documentActions(license: License, kind: LicenseDocumentType) {
  const present = (kind === 'starter' ? license.starterDocument : license.licenseDocument) !== null;
  const mayGenerate = mayGenerateDocument(kind, { status: license.status, documentPresent: present });
  return {
    present,
    generate: mayGenerate ? (present ? texts.regenerateDocument : texts.generateDocument) : null,
  };
}

/** The documents widget: open, generate or regenerate the starter and the license document. */
export function LicenseDocuments({ license, editing }: { license: License; editing: boolean }) {
  return (
    <Stack gap="sm">
      {(['starter', 'license'] as const).map((kind) => (
        <DocumentRow key={kind} license={license} kind={kind} editing={editing} />
      ))}
    </Stack>
  );
}

function DocumentRow({
  license,
  kind,
  editing,
}: {
  license: License;
  kind: LicenseDocumentType;
  editing: boolean;
}) {
  const queryClient = useQueryClient();
  const { present, generate } = documentActions(license, kind);
  const name = DOCUMENT_TYPE_LABELS[kind];
  const openButton = useRef<HTMLButtonElement>(null);
  const failure = useRef<HTMLParagraphElement>(null);
  const open = useOpenLicenseDocument(license._id, toastFailure);
  const generation = useRecordAction({
    request: () =>
      apiRequest<{ license: License }>(`/license/${license._id}/${kind}-document`, { method: 'POST' }),
    update: ({ license: updated }) => queryClient.setQueryData(licenseKey(license._id), { license: updated }),
    success: GENERATED[kind],
    refresh: [auditKey(`/license/${license._id}`)],
  });
  if (kind === 'starter' && license.status === 'bound' && !present) {
    return (
      <Group justify="space-between">
        <Text size="sm">{name}</Text>
        <Text size="sm">-</Text>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {name}: {present ? texts.documentPresent : texts.documentMissing}
        </Text>
        <Group gap="xs">
          {present && (
            <Button
              ref={openButton}
              size="xs"
              variant="light"
              loading={open.running === kind}
              onClick={() => open.start(kind)}
            >
              {texts.openDocument(name)}
            </Button>
          )}
          {generate && (
            <Button
              size="xs"
              variant="default"
              disabled={editing}
              loading={generation.isPending}
              onClick={() =>
                // The made document is opened next; a failure says why not.
                generation.mutate(undefined, {
                  onSuccess: () => focusAfterAction(() => openButton.current),
                  onError: () => focusAfterAction(() => failure.current),
                })
              }
              aria-label={`${name}: ${generate}`}
            >
              {generate}
            </Button>
          )}
        </Group>
      </Group>
      <ActionFailure {...open.failure} />
      <ActionFailure ref={failure} error={generation.error} />
    </Stack>
  );
}
