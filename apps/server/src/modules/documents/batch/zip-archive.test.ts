import { buffer } from 'node:stream/consumers';
import { describe, expect, test } from 'vitest';
import { counted, unzip } from '../test-fixtures.ts';
import { zipArchiveStream } from './zip-archive.ts';

/** Turns of the event loop until `condition` holds. */
async function untilTrue(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('ZIP archive stream', () => {
  test('stores each content under its name', async () => {
    const source = counted([Buffer.from('%PDF-a'), Buffer.from('%PDF-b'), Buffer.from('%PDF-c')]);
    const stream = zipArchiveStream(['a.pdf', 'b.pdf', 'c.pdf'], source.iterator, new Date());
    const entries = await unzip(await buffer(stream));
    expect(entries.map((entry) => [entry.name, entry.data.toString()])).toEqual([
      ['a.pdf', '%PDF-a'],
      ['b.pdf', '%PDF-b'],
      ['c.pdf', '%PDF-c'],
    ]);
  });

  test('takes contents only as fast as the archive is read', async () => {
    const ENTRY_BYTES = 256 * 1024;
    const names = Array.from({ length: 20 }, (_, index) => `${index}.pdf`);
    const source = counted(names.map(() => Buffer.alloc(ENTRY_BYTES, 1)));
    const stream = zipArchiveStream(names, source.iterator, new Date());
    // Unread, the archive fills its buffer and stops there (no time limit decides when to look).
    await untilTrue(() => stream.readableLength >= stream.readableHighWaterMark);
    expect(source.state.taken).toBeLessThanOrEqual(2);
    // Read chunk by chunk, it never takes contents further ahead than the buffered entry and the next.
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      read += chunk.length;
      expect(source.state.taken).toBeLessThanOrEqual(Math.floor(read / ENTRY_BYTES) + 3);
    }
    expect(await unzip(Buffer.concat(chunks))).toHaveLength(20);
    expect(source.state.taken).toBe(20);
  });

  test('fails the stream when a content fails', async () => {
    async function* failing() {
      yield Buffer.from('%PDF-a');
      throw new Error('storage is down');
    }
    const stream = zipArchiveStream(['a.pdf', 'b.pdf'], failing(), new Date());
    await expect(buffer(stream)).rejects.toThrow('storage is down');
  });
});
