import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconDownload, IconLink } from '@tabler/icons-react';
import { downloadLinkErrorMessage, downloadMessages } from '@lizenzportal/domain';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { focusAfterAction } from '@/lib/focus-after-action';
import { ErrorBox } from '@/components/ui/error-box';
import { errorStatus, failedCall } from '@/lib/api';
import { useSettings } from '@/lib/settings';

/** Search-product link errors are a danger toast this long (customer spec §8). */
const SEARCH_LINK_TOAST_MS = 5000;

export interface DownloadLinkProps {
  /** What the link is for, as the error messages name it. */
  title: string;
  fetchUrl: () => Promise<string>;
  /** The link may be copied for other workstations (spec §6: v9, pro, more than one seat). */
  copyable?: boolean;
  /** Search-product links also report failures as a toast (spec §8), beside the error box. */
  errorsAsToast?: boolean;
  /** No link can be made (e.g. the latest version could not be loaded). */
  disabled?: boolean;
  onDownload?: () => void;
}

/**
 * Link not generated, then generated (spec §4): a button asks the server for a signed link, then
 * the download button and, where allowed, a copy-link button appear. Failures speak the download-
 * link error catalogue (spec §8).
 */
export function DownloadLink({
  title,
  fetchUrl,
  copyable = false,
  errorsAsToast = false,
  disabled = false,
  onDownload,
}: DownloadLinkProps) {
  const supportEmail = useSettings().data?.supportEmail ?? '';
  const [copyFailed, setCopyFailed] = useState(false);
  const downloadButton = useRef<HTMLAnchorElement>(null);
  const errorBox = useRef<HTMLDivElement>(null);
  const link = useMutation({
    mutationFn: fetchUrl,
    // The generating button gives way to the download button, or to the error that says why not.
    onSuccess: () => focusAfterAction(() => downloadButton.current),
    onError: (error) => {
      focusAfterAction(() => errorBox.current);
      if (!errorsAsToast) return;
      notifications.show({
        color: 'red',
        title: downloadMessages.searchLinkToastTitle,
        message: downloadLinkErrorMessage(errorStatus(error), {
          product: title,
          serverMessage: error.message,
          supportEmail,
        }),
        autoClose: SEARCH_LINK_TOAST_MS,
      });
    },
  });
  const status = errorStatus(link.error);
  // Several links on one page (the installers' seven platforms): each button's name ends with what
  // it is for, after its visible words, so a screen reader's list of buttons tells them apart.
  const forWhat = <span className="lp-visually-hidden">: {title}</span>;

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      notifications.show({ color: 'green', message: downloadMessages.copySuccess });
    } catch {
      setCopyFailed(true);
      notifications.show({ color: 'red', message: downloadMessages.copyFailure });
    }
  }

  if (!link.data) {
    return (
      <Stack gap="xs">
        <Group>
          <Button
            leftSection={<IconLink size={18} aria-hidden />}
            loading={link.isPending}
            disabled={disabled}
            onClick={() => link.mutate()}
          >
            {downloadMessages.generateLink}
            {forWhat}
          </Button>
        </Group>
        {/* Also where the failure is a toast (spec §8): a toast goes after five seconds, the
            box stays until the user tries again. */}
        {link.error && (
          <ErrorBox
            ref={errorBox}
            title={downloadMessages.errorTitle}
            failure={failedCall(link.error)}
            message={downloadLinkErrorMessage(status, {
              product: title,
              serverMessage: link.error.message,
              supportEmail,
            })}
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group>
        <Button
          ref={downloadButton}
          component="a"
          href={link.data}
          download
          color="green"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={onDownload}
        >
          {downloadMessages.download}
          {forWhat}
        </Button>
        {copyable && (
          <Button
            variant="default"
            leftSection={<IconCopy size={18} aria-hidden />}
            onClick={() => void copy(link.data)}
          >
            {downloadMessages.copyLink}
            {forWhat}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {downloadMessages.linkValidity}
      </Text>
      {copyFailed && (
        <TextInput
          label={downloadMessages.copyFallback}
          value={link.data}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </Stack>
  );
}
