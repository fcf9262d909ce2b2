import fs from 'node:fs';
import path from 'node:path';

/**
 * What the portal stores (the embedded database, documents, mails, secrets, backups) is its own
 * user's alone (decision 062): folders 0700, files 0600, whatever the umask it was started with.
 */
export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The permission bits of the group and of everybody else. */
const SHARED_BITS = 0o077;

/**
 * The process creates what it creates for its user alone: a safety net under the explicit modes
 * of the portal's own writes, for what libraries create (PGlite's folders, pg_dump's file).
 */
export function restrictNewFiles(): void {
  process.umask(SHARED_BITS);
}

/** Creates a folder (and its missing parents) for the portal's user alone. */
export function makePrivateDirectory(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}

/**
 * Takes the group's and everybody's permissions from everything under `root` (and `root`
 * itself) that has any; symbolic links are left alone (their targets are not the portal's).
 * Answers how many entries it changed.
 */
export function makeTreePrivate(root: string): number {
  let changed = 0;
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if (stat.mode & SHARED_BITS) {
      fs.chmodSync(entry, stat.mode & 0o7777 & ~SHARED_BITS);
      changed += 1;
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return changed;
}

/** A data folder others could read that the portal cannot make private: what to do, naming it. */
export class SharedDataDirectoryError extends Error {
  constructor(directory: string, cause: unknown) {
    super(
      `${directory} can be read by other users of this machine, and the portal may not change that ` +
        `(${(cause as Error).message}). As its owner, run: chmod -R go-rwx ${directory}`,
      { cause },
    );
    this.name = 'SharedDataDirectoryError';
  }
}

/**
 * On start: a data folder (DATA_DIR, a `file://` storage) is created private, and one that others
 * can read — made by an older release or by hand — is made private with everything in it.
 * Answers how many entries were changed; refuses (SharedDataDirectoryError) what it cannot change.
 */
export function preparePrivateDirectory(directory: string): number {
  makePrivateDirectory(directory);
  if ((fs.statSync(directory).mode & SHARED_BITS) === 0) return 0;
  try {
    return makeTreePrivate(directory);
  } catch (error) {
    throw new SharedDataDirectoryError(directory, error);
  }
}
