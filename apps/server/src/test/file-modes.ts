import fs from 'node:fs';
import path from 'node:path';

/** The permission bits of every entry under `root` by its relative path (`.` for root); links are skipped. */
export function modesUnder(root: string): Record<string, number> {
  const modes: Record<string, number> = {};
  const visit = (relative: string) => {
    const stat = fs.lstatSync(path.join(root, relative));
    if (stat.isSymbolicLink()) return;
    modes[relative] = stat.mode & 0o777;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(path.join(root, relative))) {
        visit(relative === '.' ? name : path.join(relative, name));
      }
    }
  };
  visit('.');
  return modes;
}

/** Every entry under `root` that is not its owner's alone (a folder 0700, anything else 0600), with its mode. */
export function notPrivateUnder(root: string): string[] {
  const stat = (relative: string) => fs.lstatSync(path.join(root, relative));
  return Object.entries(modesUnder(root))
    .filter(([relative, mode]) => mode !== (stat(relative).isDirectory() ? 0o700 : 0o600))
    .map(([relative, mode]) => `${relative} ${mode.toString(8)}`);
}
