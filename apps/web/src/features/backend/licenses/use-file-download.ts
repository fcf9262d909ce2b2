import { notifications } from '@mantine/notifications';
import { backOfficeMessages, licenseToolbarMessages } from '@lizenzportal/domain';
import { useState } from 'react';
import { downloadFile, type DownloadOptions } from '@/lib/api';

export interface FileDownload {
  /** What is being downloaded, while it is. */
  running: string | undefined;
  /** Bytes received so far. */
  received: number;
  start: (what: string, path: string, options?: Omit<DownloadOptions, 'onProgress'>) => Promise<void>;
}

/** A file download from the API with its progress; a failure shows the spec's error toast. */
export function useFileDownload(): FileDownload {
  const [running, setRunning] = useState<string>();
  const [received, setReceived] = useState(0);
  const start: FileDownload['start'] = async (what, path, options = {}) => {
    setRunning(what);
    setReceived(0);
    try {
      await downloadFile(path, { ...options, onProgress: (bytes) => setReceived(bytes) });
    } catch (error) {
      notifications.show({ color: 'red', message: backOfficeMessages.failed((error as Error).message) });
    } finally {
      setRunning(undefined);
    }
  };
  return { running, received, start };
}

const megabytes = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** „1,2 MB empfangen” */
export function receivedText(bytes: number): string {
  return licenseToolbarMessages.received(megabytes.format(bytes / 1_000_000));
}
