import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { makePrivateDirectory, PRIVATE_FILE_MODE } from './private-files.ts';

/**
 * A secret generated on first use and kept in a file under the data directory (readable by its
 * owner only), so a development setup works without configuration and keeps working after a
 * restart. A file holding less than 32 characters is refused rather than silently replaced.
 */
export function keptSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length < 32)
      throw new Error(
        `${file} holds no usable secret (under 32 characters): delete it to have a new one made`,
      );
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  makePrivateDirectory(dataDir);
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE });
  return secret;
}
