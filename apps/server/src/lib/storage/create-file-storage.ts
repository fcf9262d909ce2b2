import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { parseS3Url, S3FileStorage } from './s3-file-storage.ts';

export interface StorageSettings {
  /** Unset: `DATA_DIR/files`; `file:///dir`: that directory; `s3://bucket[/prefix]`: S3. */
  storageUrl: string | undefined;
  dataDir: string;
  /** An S3-compatible server instead of AWS (MinIO and the like). */
  s3Endpoint: string | undefined;
}

/** The storage the configuration names. S3 credentials and region come from the usual AWS_* variables. */
export function createFileStorage(settings: StorageSettings): FileStorage {
  if (!settings.storageUrl) return new LocalFileStorage(path.join(settings.dataDir, 'files'));
  const url = new URL(settings.storageUrl);
  if (url.protocol === 'file:') return new LocalFileStorage(fileURLToPath(url));
  const endpoint = settings.s3Endpoint;
  const client = new S3Client({
    ...(endpoint
      ? {
          endpoint,
          // S3-compatible servers usually serve buckets as paths, not as subdomains.
          forcePathStyle: true,
          // Several of them reject the SDK's default (flexible) checksums; send them only when needed.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
  return new S3FileStorage(client, parseS3Url(settings.storageUrl));
}
