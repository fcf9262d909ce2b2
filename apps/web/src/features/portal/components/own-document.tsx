import { Button, Group, Stack } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import {
  holderDocumentErrorMessage,
  licensePageMessages,
  portalMessages,
  type License,
} from '@lizenzportal/domain';
import { ErrorBox } from '@/components/ui/error-box';
import { NewTabNote } from '@/components/ui/new-tab-note';
import { errorStatus, failedCall } from '@/lib/api';
import { useOpenLicenseDocument } from '@/lib/open-document';

/**
 * The signed-in license's own document, as the back office opens it: the license document once
 * the license is bound, the starter document (key and start code) before. The button waits while
 * the signed link is made; a failure stays in the error box, which takes the focus, until the next
 * try; after success the focus is back on the button.
 */
export function OwnDocument({ license }: { license: License }) {
  const kind = license.status === 'bound' ? 'license' : 'starter';
  const open = useOpenLicenseDocument<HTMLDivElement>(license._id);
  const { error, ref } = open.failure;
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="default"
          leftSection={<IconFileDownload size={18} aria-hidden />}
          loading={open.running !== undefined}
          onClick={() => open.start(kind)}
        >
          {kind === 'license'
            ? licensePageMessages.downloadLicenseDocument
            : licensePageMessages.downloadStarterDocument}
          <NewTabNote />
        </Button>
      </Group>
      {error && (
        <ErrorBox
          ref={ref}
          title={portalMessages.documentFailedTitle}
          failure={failedCall(error)}
          message={holderDocumentErrorMessage(errorStatus(error), error.message)}
        />
      )}
    </Stack>
  );
}
