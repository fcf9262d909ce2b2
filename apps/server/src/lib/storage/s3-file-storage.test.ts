import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { S3_TEST_CREDENTIALS, startS3Server, stubS3Credentials, type TestS3Server } from '../../test/s3.ts';
import { createFileStorage } from './create-file-storage.ts';
import { FileNotFoundError, type FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { parseS3Url, S3FileStorage } from './s3-file-storage.ts';
import { InvalidStorageKeyError } from './storage-key.ts';

const MiB = 1024 * 1024;
/** Three parts of the multipart upload (5 MiB, 5 MiB and 2 MiB): the SDK's parts are 5 MiB. */
const LARGE_FILE_BYTES = 12 * MiB;

let s3: TestS3Server;
let storage: FileStorage;

beforeAll(async () => {
  s3 = await startS3Server();
  // The portal's own wiring (STORAGE_URL, S3_ENDPOINT), credentials from the usual AWS_* variables.
  stubS3Credentials();
  storage = createFileStorage({
    storageUrl: `s3://${s3.bucket}/portal`,
    dataDir: '/nonexistent',
    s3Endpoint: s3.endpoint,
  });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The requests the server received while `action` ran. */
async function requestsDuring(action: () => Promise<unknown>): Promise<string[]> {
  const before = s3.requests.length;
  await action();
  return s3.requests.slice(before);
}

describe('S3 file storage against an S3-compatible server', () => {
  test('writes bytes under the prefix and reads them back with size, type, date and entity tag', async () => {
    const requests = await requestsDuring(() =>
      storage.put('licenses/a/starter.pdf', Buffer.from('%PDF-1.7 first'), 'application/pdf'),
    );
    expect(requests).toEqual([`PUT /${s3.bucket}/portal/licenses/a/starter.pdf?x-id=PutObject`]);
    const file = await storage.get('licenses/a/starter.pdf');
    expect(file).toMatchObject({ size: 14, contentType: 'application/pdf' });
    expect((await buffer(file.stream)).toString()).toBe('%PDF-1.7 first');

    const info = await storage.stat('licenses/a/starter.pdf');
    expect(info).toMatchObject({ size: 14, contentType: 'application/pdf' });
    expect(Date.now() - info.lastModified.getTime()).toBeLessThan(60_000);
    expect(info.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await storage.exists('licenses/a/starter.pdf')).toBe(true);

    // Replacing the file changes its entity tag (what a resumed download checks).
    await storage.put('licenses/a/starter.pdf', Buffer.from('%PDF-1.7 second'), 'application/pdf');
    expect((await storage.stat('licenses/a/starter.pdf')).etag).not.toBe(info.etag);
  });

  test('streams a large file up by multipart upload, and down whole and by byte ranges', async () => {
    const content = randomBytes(LARGE_FILE_BYTES);
    // A stream of 1 MiB chunks: its length is not known up front.
    const chunks = Array.from({ length: LARGE_FILE_BYTES / MiB }, (_, index) =>
      content.subarray(index * MiB, (index + 1) * MiB),
    );
    const requests = await requestsDuring(() =>
      storage.put('downloads/setup.bin', Readable.from(chunks), 'application/octet-stream'),
    );
    const object = `/${s3.bucket}/portal/downloads/setup.bin`;
    expect(requests.filter((request) => request.startsWith(`POST ${object}?uploads`))).toHaveLength(1);
    const parts = requests.filter((request) => /^PUT .*[?&]partNumber=\d+/.test(request));
    expect(parts).toHaveLength(3);
    expect(requests.filter((request) => /^POST .*[?&]uploadId=/.test(request))).toHaveLength(1);

    const whole = await storage.get('downloads/setup.bin');
    expect(whole.size).toBe(LARGE_FILE_BYTES);
    expect(sha256(await buffer(whole.stream))).toBe(sha256(content));
    expect((await storage.stat('downloads/setup.bin')).size).toBe(LARGE_FILE_BYTES);

    // Across the border of the first two parts, and past the end (it stops at the end).
    const across = await storage.get('downloads/setup.bin', { start: 5 * MiB - 10, end: 5 * MiB + 9 });
    expect(across.size).toBe(20);
    expect(await buffer(across.stream)).toEqual(content.subarray(5 * MiB - 10, 5 * MiB + 10));
    const tail = await storage.get('downloads/setup.bin', {
      start: LARGE_FILE_BYTES - 4,
      end: LARGE_FILE_BYTES + 1000,
    });
    expect(tail.size).toBe(4);
    expect(await buffer(tail.stream)).toEqual(content.subarray(LARGE_FILE_BYTES - 4));
  });

  test('deletes a file; a missing file is FileNotFoundError, and deleting it again is no error', async () => {
    await storage.put('licenses/b/license.pdf', Buffer.from('%PDF'), 'application/pdf');
    await storage.delete('licenses/b/license.pdf');
    expect(await storage.exists('licenses/b/license.pdf')).toBe(false);
    await expect(storage.get('licenses/b/license.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.stat('licenses/b/license.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.delete('licenses/b/license.pdf')).resolves.toBeUndefined();
  });

  test('refuses bad keys before any request, and passes the server refusing a wrong signature on', async () => {
    const requests = await requestsDuring(async () => {
      await expect(storage.get('../a.pdf')).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.put('/etc/passwd', Buffer.from(''), 'text/plain')).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
    });
    expect(requests).toEqual([]);

    const wronglySigned = new S3FileStorage(
      new S3Client({
        endpoint: s3.endpoint,
        forcePathStyle: true,
        region: 'eu-central-1',
        credentials: { accessKeyId: S3_TEST_CREDENTIALS.accessKeyId, secretAccessKey: 'wrong-secret' },
      }),
      parseS3Url(`s3://${s3.bucket}/portal`),
    );
    await storage.put('licenses/c/starter.pdf', Buffer.from('%PDF'), 'application/pdf');
    // Not "missing": an error that is not the file's absence is not hidden as one.
    await expect(wronglySigned.exists('licenses/c/starter.pdf')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 403 },
    });
    await expect(wronglySigned.get('licenses/c/starter.pdf')).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
  });
});

describe('storage from configuration', () => {
  test('reads bucket and prefix from STORAGE_URL', () => {
    expect(parseS3Url('s3://bucket')).toEqual({ bucket: 'bucket', prefix: '' });
    expect(parseS3Url('s3://bucket/a/b/')).toEqual({ bucket: 'bucket', prefix: 'a/b/' });
    expect(() => parseS3Url('s3:///a')).toThrow('s3://bucket');
  });

  test('uses DATA_DIR/files by default, a file: URL as a directory, s3: as S3', () => {
    const local = createFileStorage({ storageUrl: undefined, dataDir: '/srv/data', s3Endpoint: undefined });
    expect(local).toBeInstanceOf(LocalFileStorage);
    expect((local as LocalFileStorage).root).toBe('/srv/data/files');
    const directory = createFileStorage({
      storageUrl: 'file:///mnt/files',
      dataDir: '/srv/data',
      s3Endpoint: undefined,
    });
    expect((directory as LocalFileStorage).root).toBe('/mnt/files');
    expect(storage).toBeInstanceOf(S3FileStorage);
  });
});
