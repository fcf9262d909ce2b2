import { fileRoots } from './backup/archive-layout.ts';
import type { Config } from './config.ts';
import { preparePrivateDirectory } from './lib/private-files.ts';

/**
 * Before the server, the worker or a command opens anything: DATA_DIR (and a `file://` storage
 * outside it) exists and is the portal's user's alone (decision 062). Answers a line for the log
 * per folder it had to make private; throws what it cannot make private.
 */
export function prepareDataDirectories(config: Config): string[] {
  return fileRoots(config).flatMap(({ dir }) => {
    const changed = preparePrivateDirectory(dir);
    return changed > 0
      ? [`${dir} could be read by other users of this machine: ${changed} folders and files made private.`]
      : [];
  });
}
