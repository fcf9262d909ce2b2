import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  existsByStat,
  FileNotFoundError,
  missingAsNotFound,
  type ByteRange,
  type FileInfo,
  type FileStorage,
  type StoredFile,
} from './file-storage.ts';
import { assertValidStorageKey, contentTypeOf, InvalidStorageKeyError } from './storage-key.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../private-files.ts';

/** Files in a local directory (by default `DATA_DIR/files`); the content type follows the extension. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Uint8Array | Readable, _contentType: string): Promise<void> {
    const target = this.#pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // Written beside the target and renamed into place, so a reader sees the old or the new file,
    // never half of one. The leading dot keeps the temporary name out of the key space.
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.partial`,
    );
    try {
      if (body instanceof Uint8Array) await fs.writeFile(temporary, body, { mode: PRIVATE_FILE_MODE });
      else await pipeline(body, createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile> {
    const { handle, size: fileSize } = await this.#open(key);
    const contentType = contentTypeOf(key);
    if (!range) return { stream: handle.createReadStream(), size: fileSize, contentType };
    const end = Math.min(range.end, fileSize - 1);
    const size = Math.max(0, end - range.start + 1);
    if (size === 0) {
      await handle.close();
      return { stream: Readable.from([]), size, contentType };
    }
    return { stream: handle.createReadStream({ start: range.start, end }), size, contentType };
  }

  async *readInto(key: string, range: ByteRange | undefined, buffer: Buffer): AsyncGenerator<Buffer> {
    const { handle, size } = await this.#open(key);
    try {
      const end = Math.min(range?.end ?? size - 1, size - 1);
      let position = range?.start ?? 0;
      while (position <= end) {
        const length = Math.min(buffer.length, end - position + 1);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        // A file truncated meanwhile ends the body early; the sender sees the short count.
        if (bytesRead === 0) return;
        position += bytesRead;
        yield buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  }

  /** Opens the file; size and content then come from the same file, even if the key is replaced meanwhile. */
  async #open(key: string): Promise<{ handle: fs.FileHandle; size: number }> {
    const handle = await missingAsNotFound(key, isMissing, () => fs.open(this.#pathOf(key), 'r'));
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      throw new FileNotFoundError(key);
    }
    return { handle, size: stats.size };
  }

  async stat(key: string): Promise<FileInfo> {
    const stats = await missingAsNotFound(key, isMissing, () => fs.stat(this.#pathOf(key)));
    if (!stats.isFile()) throw new FileNotFoundError(key);
    return {
      size: stats.size,
      contentType: contentTypeOf(key),
      lastModified: stats.mtime,
      // A replaced file is a new inode (written beside and renamed into place).
      etag: `"${[stats.ino, stats.size, Math.round(stats.mtimeMs)].map((part) => part.toString(16)).join('-')}"`,
    };
  }

  exists(key: string): Promise<boolean> {
    return existsByStat(this, key);
  }

  /** Removes the file and what interrupted writes of it left (their temporary files). */
  async delete(key: string): Promise<void> {
    const file = this.#pathOf(key);
    await fs.rm(file, { force: true });
    const prefix = `.${path.basename(file)}.`;
    const siblings = await fs.readdir(path.dirname(file)).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const name of siblings) {
      if (name.startsWith(prefix) && name.endsWith('.partial')) {
        await fs.rm(path.join(path.dirname(file), name), { force: true });
      }
    }
  }

  #pathOf(key: string): string {
    assertValidStorageKey(key);
    const file = path.resolve(this.root, key);
    // The key syntax already rules out escaping; this keeps it true whatever the syntax becomes.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return file;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
