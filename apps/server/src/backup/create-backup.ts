import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { Config } from '../config.ts';
import { BackupError } from './backup-error.ts';
import {
  BACKUP_FORMAT,
  DATABASE_ENTRIES,
  databaseKind,
  fileRoots,
  filesOf,
  MANIFEST_ENTRY,
  type Manifest,
} from './archive-layout.ts';
import { dumpEmbeddedDatabase } from './pglite-dump.ts';
import { runPostgresTool } from './postgres-tools.ts';

export interface BackupSummary {
  manifest: Manifest;
  files: number;
  bytes: number;
}

/**
 * One archive (ZIP) of the database and the portal's files, made while the portal runs: the
 * database first (the embedded one dumped by the running portal, PostgreSQL by `pg_dump`'s
 * snapshot), then the files, so every file a dumped record names is there. Written under a
 * temporary name and renamed when complete: the file named is a whole backup or absent.
 */
export async function createBackup(config: Config, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: name a new file.`);
  if (!fs.existsSync(path.dirname(target))) {
    throw new BackupError(`The directory ${path.dirname(target)} does not exist.`);
  }
  const partial = `${target}.partial`;
  const postgresDump = `${partial}.pgdump`;
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database: databaseKind(config),
    storage: config.storageUrl?.startsWith('s3:') ? 's3' : 'local',
  };
  try {
    const zip = new ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), MANIFEST_ENTRY);
    if (config.databaseUrl) {
      await runPostgresTool(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${postgresDump}`],
        config.databaseUrl,
      );
      zip.addFile(postgresDump, DATABASE_ENTRIES.postgres, { compress: false });
    } else {
      const dump = await dumpEmbeddedDatabase(config.dataDir);
      zip.addBuffer(dump, DATABASE_ENTRIES.pglite, { compress: false });
    }
    let files = 0;
    for (const root of fileRoots(config)) {
      for (const name of filesOf(root)) {
        const absolute = path.join(root.dir, name);
        // The archive itself may be written inside DATA_DIR.
        if (absolute === partial || absolute === postgresDump) continue;
        zip.addFile(absolute, `${root.prefix}/${name.split(path.sep).join('/')}`);
        files += 1;
      }
    }
    // A file that fails to read fails the archive (yazl reports it on the zip, not its stream).
    const output = zip.outputStream as Readable;
    zip.on('error', (error: Error) => output.destroy(error));
    zip.end();
    await pipeline(output, fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    fs.renameSync(partial, target);
    return { manifest, files, bytes: fs.statSync(target).size };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(error instanceof BackupError)) {
      throw new BackupError(
        `A file disappeared while it was read (${(error as Error).message}): run the backup again.`,
        {
          cause: error,
        },
      );
    }
    throw error;
  } finally {
    fs.rmSync(postgresDump, { force: true });
  }
}
