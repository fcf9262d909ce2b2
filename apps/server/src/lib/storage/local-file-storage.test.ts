import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { beforeEach, describe, expect, test } from 'vitest';
import { FileNotFoundError } from './file-storage.ts';
import { LocalFileStorage } from './local-file-storage.ts';
import { InvalidStorageKeyError } from './storage-key.ts';

let root: string;
let storage: LocalFileStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-storage-'));
  storage = new LocalFileStorage(path.join(root, 'files'));
});

describe('local file storage', () => {
  test('stores bytes and streams, and reads them back with size and content type', async () => {
    await storage.put('licenses/a/starter.pdf', Buffer.from('%PDF-1.7 bytes'), 'application/pdf');
    await storage.put(
      'licenses/a/notes.txt',
      Readable.from([Buffer.from('part 1, '), Buffer.from('part 2')]),
      'text/plain',
    );
    const pdf = await storage.get('licenses/a/starter.pdf');
    expect(pdf.size).toBe(14);
    expect(pdf.contentType).toBe('application/pdf');
    expect((await buffer(pdf.stream)).toString()).toBe('%PDF-1.7 bytes');
    expect((await buffer((await storage.get('licenses/a/notes.txt')).stream)).toString()).toBe(
      'part 1, part 2',
    );
    expect(fs.existsSync(path.join(root, 'files/licenses/a/starter.pdf'))).toBe(true);
  });

  test('replaces a file whole and leaves no temporary files behind', async () => {
    await storage.put('doc.pdf', Buffer.from('old'), 'application/pdf');
    await storage.put('doc.pdf', Buffer.from('new content'), 'application/pdf');
    expect((await buffer((await storage.get('doc.pdf')).stream)).toString()).toBe('new content');
    expect(fs.readdirSync(path.join(root, 'files'))).toEqual(['doc.pdf']);
  });

  test('answers exists, deletes idempotently and reports missing files', async () => {
    await storage.put('x/y.pdf', Buffer.from('1'), 'application/pdf');
    expect(await storage.exists('x/y.pdf')).toBe(true);
    expect(await storage.exists('x')).toBe(false);
    await storage.delete('x/y.pdf');
    await storage.delete('x/y.pdf');
    expect(await storage.exists('x/y.pdf')).toBe(false);
    await expect(storage.get('x/y.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.get('x')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test('reads a range of a file, stopping at its end', async () => {
    await storage.put('products/setup.bin', Buffer.from('0123456789'), 'application/octet-stream');
    const middle = await storage.get('products/setup.bin', { start: 2, end: 5 });
    expect(middle.size).toBe(4);
    expect((await buffer(middle.stream)).toString()).toBe('2345');
    const tail = await storage.get('products/setup.bin', { start: 7, end: 100 });
    expect(tail.size).toBe(3);
    expect((await buffer(tail.stream)).toString()).toBe('789');
    const beyond = await storage.get('products/setup.bin', { start: 10, end: 20 });
    expect(beyond.size).toBe(0);
    expect((await buffer(beyond.stream)).length).toBe(0);
  });

  test('reads a file and a range into one reused buffer, chunk by chunk', async () => {
    const bytes = Buffer.from(Array.from({ length: 2500 }, (_, index) => index % 251));
    await storage.put('products/setup.bin', bytes, 'application/octet-stream');
    const buffer = Buffer.alloc(1000);
    const read = async (range?: { start: number; end: number }) => {
      const chunks: Buffer[] = [];
      for await (const chunk of storage.readInto('products/setup.bin', range, buffer)) {
        expect(chunk.buffer).toBe(buffer.buffer);
        chunks.push(Buffer.from(chunk));
      }
      return chunks;
    };
    const whole = await read();
    expect(whole.map((chunk) => chunk.length)).toEqual([1000, 1000, 500]);
    expect(Buffer.concat(whole).equals(bytes)).toBe(true);
    expect(Buffer.concat(await read({ start: 990, end: 2010 })).equals(bytes.subarray(990, 2011))).toBe(true);
    expect(Buffer.concat(await read({ start: 2400, end: 9000 })).equals(bytes.subarray(2400))).toBe(true);
    await expect(read({ start: 2500, end: 2600 })).resolves.toEqual([]);
    await expect(storage.readInto('products/missing.bin', undefined, buffer).next()).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
  });

  test('reports size, type, date and an entity tag that changes when the file is replaced', async () => {
    await storage.put('docs/a.pdf', Buffer.from('first'), 'application/pdf');
    const first = await storage.stat('docs/a.pdf');
    expect(first).toMatchObject({ size: 5, contentType: 'application/pdf' });
    expect(first.etag).toMatch(/^"[0-9a-f-]+"$/);
    expect(first.lastModified.getTime()).toBeGreaterThan(Date.now() - 60_000);
    await storage.put('docs/a.pdf', Buffer.from('second'), 'application/pdf');
    expect((await storage.stat('docs/a.pdf')).etag).not.toBe(first.etag);
    await expect(storage.stat('docs/missing.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.stat('docs')).rejects.toBeInstanceOf(FileNotFoundError);
  });

  test('delete also removes what an interrupted write of the key left', async () => {
    await storage.put('licenses/a/doc.pdf', Buffer.from('1'), 'application/pdf');
    fs.writeFileSync(path.join(root, 'files/licenses/a/.doc.pdf.0a1b2c3d4e5f.partial'), 'half');
    fs.writeFileSync(path.join(root, 'files/licenses/a/.other.pdf.0a1b2c3d4e5f.partial'), 'half');
    await storage.delete('licenses/a/doc.pdf');
    expect(fs.readdirSync(path.join(root, 'files/licenses/a'))).toEqual(['.other.pdf.0a1b2c3d4e5f.partial']);
  });

  test.each([
    '../outside.pdf',
    'a/../../outside.pdf',
    '/etc/passwd',
    'a\\..\\b',
    'a//b',
    '.hidden',
    'a/./b',
    '',
  ])('refuses the key %j', async (key) => {
    fs.writeFileSync(path.join(root, 'outside.pdf'), 'secret');
    await expect(storage.put(key, Buffer.from('x'), 'application/pdf')).rejects.toBeInstanceOf(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(fs.readFileSync(path.join(root, 'outside.pdf'), 'utf8')).toBe('secret');
  });
});
