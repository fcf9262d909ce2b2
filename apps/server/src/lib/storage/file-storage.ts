import type { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  /** Bytes the stream yields (of the range, when one was asked for), when the storage reports them. */
  size: number | undefined;
  contentType: string;
}

/** What the storage knows about a file without reading it: enough to answer HTTP HEAD and ranges. */
export interface FileInfo {
  size: number;
  contentType: string;
  lastModified: Date;
  /** A strong entity tag, quoted (`"…"`): it changes whenever the file is replaced. */
  etag: string;
}

/** Bytes `start` to `end` of a file, both included (as HTTP counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the portal keeps files (generated PDFs, product downloads): a local directory or an
 * S3-compatible bucket. Keys are relative paths such as `licenses/<id>/starter-….pdf`.
 */
export interface FileStorage {
  /** Stores a file under the key, replacing an existing one; readers never see a partial file. */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /**
   * Opens a stored file, or only a range of it (a resumed download); throws FileNotFoundError when
   * there is none. A range reaching past the end stops at the end.
   */
  get(key: string, range?: ByteRange): Promise<StoredFile>;
  /**
   * Reads a stored file, or a range of it, into the caller's buffer: each chunk yielded is a view of
   * `buffer`, valid until the next is asked for. A 2 GB download then allocates nothing per chunk —
   * streams allocate a buffer per chunk, which the garbage collector frees only tens of megabytes
   * later (decision 021). Storages on a local disk have it; a sender streams from the others.
   * Throws FileNotFoundError (when the first chunk is asked for) when there is no such file.
   */
  readInto?(key: string, range: ByteRange | undefined, buffer: Buffer): AsyncIterable<Buffer>;
  /** Size, type, date and entity tag of a stored file; throws FileNotFoundError when there is none. */
  stat(key: string): Promise<FileInfo>;
  exists(key: string): Promise<boolean>;
  /** Removes a file (and what an interrupted write of it left); removing a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  readonly key: string;
  constructor(key: string, options: { cause?: unknown } = {}) {
    super(`No stored file under "${key}"`, options);
    this.name = 'FileNotFoundError';
    this.key = key;
  }
}

/**
 * Runs a storage's call for a key, answering the storage's own "no such file" (as `isMissing`
 * tells it) with FileNotFoundError; any other failure passes unchanged.
 */
export async function missingAsNotFound<T>(
  key: string,
  isMissing: (error: unknown) => boolean,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissing(error)) throw new FileNotFoundError(key, { cause: error });
    throw error;
  }
}

/** A storage's `exists`: whether its `stat` finds a file under the key. */
export async function existsByStat(storage: Pick<FileStorage, 'stat'>, key: string): Promise<boolean> {
  try {
    await storage.stat(key);
    return true;
  } catch (error) {
    if (error instanceof FileNotFoundError) return false;
    throw error;
  }
}
