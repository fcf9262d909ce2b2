import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, test } from 'vitest';
import { createFileStorage } from './create-file-storage.ts';
import { FileNotFoundError } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { parseS3Url, S3FileStorage } from './s3-file-storage.ts';
import { InvalidStorageKeyError } from './storage-key.ts';

const s3 = mockClient(S3Client);
const storage = new S3FileStorage(
  new S3Client({ region: 'eu-central-1' }),
  parseS3Url('s3://documents/portal'),
);

beforeEach(() => s3.reset());

describe('S3 file storage', () => {
  test('puts bytes under the prefix with content type and length', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage.put('licenses/a/starter.pdf', Buffer.from('%PDF'), 'application/pdf');
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({
      Bucket: 'documents',
      Key: 'portal/licenses/a/starter.pdf',
      ContentType: 'application/pdf',
      ContentLength: 4,
    });
  });

  test('gets an object as a stream with its size and content type', async () => {
    s3.on(GetObjectCommand, { Bucket: 'documents', Key: 'portal/a.pdf' }).resolves({
      // In Node the SDK hands out the HTTP response, a plain Readable.
      Body: Readable.from([Buffer.from('%PDF-1.7')]) as never,
      ContentLength: 8,
      ContentType: 'application/pdf',
    });
    const file = await storage.get('a.pdf');
    expect(file).toMatchObject({ size: 8, contentType: 'application/pdf' });
    expect((await buffer(file.stream)).toString()).toBe('%PDF-1.7');
  });

  test('asks for a range of an object, and reads size, date and entity tag from its head', async () => {
    s3.on(GetObjectCommand).resolves({
      Body: Readable.from([Buffer.from('2345')]) as never,
      ContentLength: 4,
      ContentType: 'application/octet-stream',
    });
    const part = await storage.get('setup.bin', { start: 2, end: 5 });
    expect(s3.commandCalls(GetObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'documents',
      Key: 'portal/setup.bin',
      Range: 'bytes=2-5',
    });
    expect(part.size).toBe(4);
    const modified = new Date('2025-01-31T10:00:00Z');
    s3.on(HeadObjectCommand, { Key: 'portal/setup.bin' }).resolves({
      ContentLength: 10,
      ContentType: 'application/octet-stream',
      LastModified: modified,
      ETag: '"abc123"',
    });
    expect(await storage.stat('setup.bin')).toEqual({
      size: 10,
      contentType: 'application/octet-stream',
      lastModified: modified,
      etag: '"abc123"',
    });
  });

  test('maps missing objects to FileNotFoundError and exists() to false', async () => {
    s3.on(GetObjectCommand).rejects(
      new NoSuchKey({ message: 'missing', $metadata: { httpStatusCode: 404 } }),
    );
    s3.on(HeadObjectCommand).rejects(
      new NotFound({ message: 'missing', $metadata: { httpStatusCode: 404 } }),
    );
    await expect(storage.get('a.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.stat('a.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await storage.exists('a.pdf')).toBe(false);
  });

  test('passes other failures on, deletes under the prefix, and refuses bad keys before any call', async () => {
    s3.on(HeadObjectCommand).rejects(new Error('AccessDenied'));
    s3.on(DeleteObjectCommand).resolves({});
    await expect(storage.exists('a.pdf')).rejects.toThrow('AccessDenied');
    await storage.delete('a.pdf');
    expect(s3.commandCalls(DeleteObjectCommand)[0]!.args[0].input).toEqual({
      Bucket: 'documents',
      Key: 'portal/a.pdf',
    });
    await expect(storage.get('../a.pdf')).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
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
    const remote = createFileStorage({
      storageUrl: 's3://bucket',
      dataDir: '/srv/data',
      s3Endpoint: 'http://127.0.0.1:9000',
    });
    expect(remote).toBeInstanceOf(S3FileStorage);
  });
});
