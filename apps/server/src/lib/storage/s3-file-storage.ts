import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  existsByStat,
  missingAsNotFound,
  type ByteRange,
  type FileInfo,
  type FileStorage,
  type StoredFile,
} from './file-storage.ts';
import { assertValidStorageKey } from './storage-key.ts';

export interface S3Location {
  bucket: string;
  /** Prepended to every key: empty, or ending in `/`. */
  prefix: string;
}

/** `s3://bucket` or `s3://bucket/some/prefix`. */
export function parseS3Url(storageUrl: string): S3Location {
  const url = new URL(storageUrl);
  if (url.protocol !== 's3:' || !url.hostname) {
    throw new Error(`STORAGE_URL must look like s3://bucket[/prefix] (got "${storageUrl}")`);
  }
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return { bucket: url.hostname, prefix: prefix ? `${prefix}/` : '' };
}

/** Files in an S3 bucket or an S3-compatible server (MinIO, Ceph, …). */
export class S3FileStorage implements FileStorage {
  readonly #client: S3Client;
  readonly #location: S3Location;

  constructor(client: S3Client, location: S3Location) {
    this.#client = client;
    this.#location = location;
  }

  async put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void> {
    const params = { Bucket: this.#location.bucket, Key: this.#objectKey(key), ContentType: contentType };
    if (body instanceof Uint8Array) {
      await this.#client.send(new PutObjectCommand({ ...params, Body: body, ContentLength: body.length }));
      return;
    }
    // A stream has no length up front: the multipart upload sends it in parts.
    await new Upload({ client: this.#client, params: { ...params, Body: body } }).done();
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile> {
    const object = await missingAsNotFound(key, isNotFound, () =>
      this.#client.send(
        new GetObjectCommand({
          Bucket: this.#location.bucket,
          Key: this.#objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      ),
    );
    return {
      // In Node the SDK's body is an http.IncomingMessage, a Readable.
      stream: object.Body as Readable,
      size: object.ContentLength,
      contentType: object.ContentType ?? 'application/octet-stream',
    };
  }

  async stat(key: string): Promise<FileInfo> {
    const head = await missingAsNotFound(key, isNotFound, () =>
      this.#client.send(new HeadObjectCommand({ Bucket: this.#location.bucket, Key: this.#objectKey(key) })),
    );
    return {
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? 'application/octet-stream',
      lastModified: head.LastModified ?? new Date(0),
      etag: head.ETag ?? `"${head.ContentLength ?? 0}"`,
    };
  }

  exists(key: string): Promise<boolean> {
    return existsByStat(this, key);
  }

  async delete(key: string): Promise<void> {
    await this.#client.send(
      new DeleteObjectCommand({ Bucket: this.#location.bucket, Key: this.#objectKey(key) }),
    );
  }

  #objectKey(key: string): string {
    assertValidStorageKey(key);
    return this.#location.prefix + key;
  }
}

function isNotFound(error: unknown): boolean {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.name === 'NoSuchKey' || failure.name === 'NotFound' || failure.$metadata?.httpStatusCode === 404
  );
}
