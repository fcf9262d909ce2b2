import fs from 'node:fs';
import { PRIVATE_FILE_MODE } from '../lib/private-files.ts';

/**
 * The embedded database is one process's: a second process opening the same files would corrupt
 * them. A lock file with the owner's pid keeps a second server (or the admin CLI) out while the
 * first runs, and is taken over when its owner is gone.
 */
export function acquireDirectoryLock(lockFile: string): () => void {
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The embedded database is in use by process ${owner}. Stop it first, or use DATABASE_URL for a database server that several processes can share.`,
          { cause: error },
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
