import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange, FileInfo, FileStorage } from '../lib/storage/file-storage.ts';
import { AppError } from '../lib/app-error.ts';

const CHUNK_BYTES = 1024 * 1024;

/** What a response carried, known once it ended (sent in full or broken off by the client). */
export interface SentFile {
  /** Bytes of the file body written to the client. */
  bytes: number;
  /** Every byte of the response's body reached the socket, and the body ends with the file's last byte. */
  reachedEnd: boolean;
}

export interface SendFileOptions {
  key: string;
  fileName: string;
  disposition: 'inline' | 'attachment';
  /** Called once the response ended (not for HEAD): the download log adds what was sent. */
  onSent?: (sent: SentFile) => void;
}

/**
 * The one range a `Range` header asks for (RFC 9110 §14): `bytes=a-b`, `bytes=a-`, `bytes=-n`.
 * `null`: no usable range (absent, another unit, several ranges) — the whole file is sent.
 * Throws 416 when the range lies outside the file.
 */
function parseRange(header: string | undefined, size: number): ByteRange | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first, last] = match as unknown as [string, string, string];
  let range: ByteRange;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw unsatisfiable(size);
    range = { start: Math.max(0, size - suffix), end: size - 1 };
  } else {
    const start = Number(first);
    const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return null;
    range = { start, end };
  }
  if (range.start >= size) throw unsatisfiable(size);
  return range;
}

function unsatisfiable(size: number): AppError {
  return new AppError('RANGE_NOT_SATISFIABLE', undefined, {
    headers: { 'content-range': `bytes */${size}` },
  });
}

/** `If-Range`: the range holds only while the file is still the one the client has part of. */
function rangeStillApplies(request: FastifyRequest, file: FileInfo): boolean {
  const condition = request.headers['if-range'];
  if (typeof condition !== 'string') return condition === undefined;
  if (condition.startsWith('"') || condition.startsWith('W/')) return condition === file.etag;
  const date = Date.parse(condition);
  return !Number.isNaN(date) && Math.floor(file.lastModified.getTime() / 1000) * 1000 <= date;
}

/**
 * Streams a stored file (never read into memory): `HEAD`, one `Range` (206, or 416 outside the
 * file), `If-Range`, entity tag and date, and the file name to save it under. A download of 2 GB
 * over a slow line can be paused and resumed.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const info = await storage.stat(options.key);
  const range = rangeStillApplies(request, info) ? parseRange(request.headers.range, info.size) : null;
  reply
    .type(info.contentType)
    .header(
      'content-disposition',
      `${options.disposition}; filename="${options.fileName}"; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString());
  const length = range ? range.end - range.start + 1 : info.size;
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
  reply.header('content-length', length);
  if (request.method === 'HEAD') return reply.send();

  const body = bodyOf(storage, options.key, range ?? undefined);
  // Opens the file before anything is sent: one that vanished since the stat is still a 404.
  const first = await body.next();
  // Written by hand, not piped: a chunk is read only once the previous one reached the socket, so
  // a local file's one buffer is reused (no garbage per chunk) and a slow client holds one chunk.
  reply.hijack();
  const response = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) response.setHeader(name, value);
  }
  response.writeHead(reply.statusCode);
  let bytes = 0;
  try {
    for (let step = first; !step.done; step = await body.next()) {
      // A client that went away ends the body early; that is no failure.
      if (!(await written(response, step.value))) break;
      bytes += step.value.length;
    }
  } catch (error) {
    request.log.error({ err: error, key: options.key }, 'file body broken off: reading the file failed');
  } finally {
    await body.return?.();
  }
  // Every byte was handed to the socket without a write failing: the response is whole (judged
  // here, not on 'close': a client that hangs up right after the last byte may close first).
  const whole = bytes === length;
  if (!whole) response.destroy();
  else if (!response.destroyed) response.end();
  options.onSent?.({ bytes, reachedEnd: whole && (range ? range.end : info.size - 1) === info.size - 1 });
  return reply;
}

/**
 * Chunks of a stored file: read into one buffer where the storage can (local files), else its
 * stream's chunks. A MiB per chunk: a sixteenth of the system calls and event-loop turns of the
 * stream default (64 KiB), measured in bench/downloads.bench.ts.
 */
function bodyOf(storage: FileStorage, key: string, range: ByteRange | undefined): AsyncIterator<Uint8Array> {
  const chunks = storage.readInto
    ? storage.readInto(key, range, Buffer.allocUnsafe(CHUNK_BYTES))
    : streamOf(storage, key, range);
  return chunks[Symbol.asyncIterator]();
}

async function* streamOf(storage: FileStorage, key: string, range: ByteRange | undefined) {
  const { stream } = await storage.get(key, range);
  yield* stream as AsyncIterable<Uint8Array>;
}

/**
 * Resolves once the chunk was handed to the socket (its buffer may then be reused): `false` when
 * the write failed. Node calls a write's callback, with an error if it never went out, except for
 * a write into a socket already closed whose response has not heard of it yet; its 'close' event
 * then ends the wait (and the next write fails).
 */
function written(response: ServerResponse, chunk: Uint8Array): Promise<boolean> {
  return new Promise((resolve) => {
    const closed = () => resolve(true);
    response.once('close', closed);
    response.write(chunk, (error) => {
      response.off('close', closed);
      resolve(!error);
    });
  });
}
