import type { Readable } from 'node:stream';

/** A stored file opened for reading. */
export interface StoredFile {
  stream: Readable;
  /** Bytes, when the storage reports them. */
  size: number | undefined;
  contentType: string;
}

/**
 * Where the portal keeps files (generated PDFs, product downloads): a local directory or an
 * S3-compatible bucket. Keys are relative paths such as `licenses/<id>/starter-….pdf`.
 */
export interface FileStorage {
  /** Stores a file under the key, replacing an existing one; readers never see a partial file. */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /** Opens a stored file; throws FileNotFoundError when there is none. */
  get(key: string): Promise<StoredFile>;
  exists(key: string): Promise<boolean>;
  /** Removes a file; removing a missing file is not an error. */
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
