import { licenseToolbarMessages } from '@lizenzportal/domain';
import { useState } from 'react';
import { downloadFile, type DownloadOptions } from '@/lib/api';
import { useActionWithFailure, type ActionWithFailure } from '@/lib/use-action-with-failure';
import { toastFailure } from './failure-toast.ts';

interface Download {
  /** What is downloaded, as the progress names it. */
  what: string;
  path: string;
  options?: Omit<DownloadOptions, 'onProgress'>;
}

export interface FileDownload {
  /** What is being downloaded, while it is. */
  running: string | undefined;
  /** Bytes received so far. */
  received: number;
  /** What the last download that ended well downloaded, until the next one starts. */
  done: string | undefined;
  start: (what: string, path: string, options?: Download['options']) => void;
  /** The last download's failure, for `ActionFailure` where the progress was. */
  failure: ActionWithFailure<Download>['failure'];
}

/**
 * A file download from the API with its progress; a failure shows the spec's error toast and
 * stays where the progress was until the next download.
 */
export function useFileDownload(): FileDownload {
  const [received, setReceived] = useState(0);
  const [done, setDone] = useState<string>();
  const download = useActionWithFailure(async ({ what, path, options = {} }: Download) => {
    setReceived(0);
    setDone(undefined);
    await downloadFile(path, { ...options, onProgress: (bytes) => setReceived(bytes) });
    setDone(what);
  }, toastFailure);
  return {
    running: download.running?.what,
    received,
    done,
    start: (what, path, options) => download.start({ what, path, options }),
    failure: download.failure,
  };
}

const megabytes = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** „1,2 MB empfangen” */
export function receivedText(bytes: number): string {
  return licenseToolbarMessages.received(megabytes.format(bytes / 1_000_000));
}
