import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.ts';

/** The archive's first entry: what it holds, to refuse a file that is no backup of the portal. */
export const MANIFEST_ENTRY = 'backup.json';
export const BACKUP_FORMAT = 'lizenzportal-backup/1';
export const DATABASE_ENTRIES = {
  pglite: 'database/pglite-data.tar.gz',
  postgres: 'database/postgres.dump',
} as const;

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: keyof typeof DATABASE_ENTRIES;
  /** `s3`: the documents and releases are in the bucket, not in the archive (S3 keeps its own versions). */
  storage: 'local' | 's3';
}

/** A directory the archive holds under `prefix/`. */
export interface FileRoot {
  prefix: 'data' | 'storage';
  dir: string;
}

/** What of DATA_DIR is no data to keep: the embedded database (dumped instead), its lock and socket. */
const NOT_DATA = new Set(['db', 'db.lock', 'backup.sock']);

/**
 * The directories of the portal's own files: DATA_DIR (its secrets, the default file storage
 * `files/`, the outbox) and a `file://` storage outside it. S3 storage is none of them.
 */
export function fileRoots(config: Config): FileRoot[] {
  const roots: FileRoot[] = [{ prefix: 'data', dir: config.dataDir }];
  if (config.storageUrl?.startsWith('file:')) {
    const dir = fileURLToPath(config.storageUrl);
    if (path.relative(config.dataDir, dir).startsWith('..')) roots.push({ prefix: 'storage', dir });
  }
  return roots;
}

export function databaseKind(config: Config): Manifest['database'] {
  return config.databaseUrl ? 'postgres' : 'pglite';
}

/**
 * Every file under the root, relative to it: temporary files of writes in progress (named with a
 * leading dot) and, in DATA_DIR, the database's own directory are left out.
 */
export function* filesOf(root: FileRoot, relative = ''): Generator<string> {
  const directory = path.join(root.dir, relative);
  if (!fs.existsSync(directory)) return;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const name = path.join(relative, entry.name);
    if (
      entry.name.startsWith('.') ||
      (root.prefix === 'data' && relative === '' && NOT_DATA.has(entry.name))
    ) {
      continue;
    }
    if (entry.isDirectory()) yield* filesOf(root, name);
    else if (entry.isFile()) yield name;
  }
}
