import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileNotFoundError, type FileStorage, type StoredFile } from './file-storage.ts';
import { assertValidStorageKey, contentTypeOf, InvalidStorageKeyError } from './storage-key.ts';

/** Files in a local directory (by default `DATA_DIR/files`); the content type follows the extension. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  async put(key: string, body: Uint8Array | Readable, _contentType: string): Promise<void> {
    const target = this.#pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed into place, so a reader sees the old or the new file,
    // never half of one. The leading dot keeps the temporary name out of the key space.
    const temporary = path.join(
      path.dirname(target),
      `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.partial`,
    );
    try {
      if (body instanceof Uint8Array) await fs.writeFile(temporary, body);
      else await pipeline(body, createWriteStream(temporary));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile> {
    const file = this.#pathOf(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, 'r');
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key, { cause: error });
      throw error;
    }
    // Size and content come from the same open file, even if the key is replaced meanwhile.
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      throw new FileNotFoundError(key);
    }
    return { stream: handle.createReadStream(), size: stats.size, contentType: contentTypeOf(key) };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.#pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.#pathOf(key), { force: true });
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
