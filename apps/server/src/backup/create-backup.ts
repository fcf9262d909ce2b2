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
import { PRIVATE_FILE_MODE } from '../lib/private-files.ts';

export interface BackupSummary {
  manifest: Manifest;
  files: number;
  bytes: number;
}

/**
 * One archive (ZIP) of the database and the portal's files, made while the portal runs: the
 * database first (the embedded one dumped by the running portal, PostgreSQL by `pg_dump`'s
 * snapshot), then the files, so every file a dumped record names is there. Written under a
 * temporary name of its own and published under the name asked for only if nothing has that
 * name: the file named is a whole backup or absent, and never replaces another (decision 062).
 */
export async function createBackup(config: Config, file: string): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: name a new file.`);
  if (!fs.existsSync(path.dirname(target))) {
    throw new BackupError(`The directory ${path.dirname(target)} does not exist.`);
  }
  const partial = `${target}.partial`;
  const output = fs.createWriteStream(partial, { fd: claimPartialFile(partial, target) });
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
      // Ours, since the partial file is: one a killed run left is replaced, created private.
      fs.rmSync(postgresDump, { force: true });
      fs.writeFileSync(postgresDump, '', { flag: 'wx', mode: PRIVATE_FILE_MODE });
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
    const zipStream = zip.outputStream as Readable;
    zip.on('error', (error: Error) => zipStream.destroy(error));
    zip.end();
    await pipeline(zipStream, output);
    publish(partial, target);
    return { manifest, files, bytes: fs.statSync(target).size };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !(error instanceof BackupError)) {
      throw new BackupError(
        `A file disappeared while it was read (${(error as Error).message}): run the backup again.`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    output.destroy();
    fs.rmSync(partial, { force: true });
    fs.rmSync(postgresDump, { force: true });
  }
}

/**
 * Creates the partial file, or refuses when it exists: another backup to the same name is being
 * written (or one was killed), and its file is not this run's to remove or to write into.
 */
function claimPartialFile(partial: string, target: string): number {
  try {
    return fs.openSync(partial, 'wx', PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new BackupError(
      `${partial} exists: another backup to ${target} is being written. Name a new file (or, if no backup runs, a stopped one left it: delete it).`,
      { cause: error },
    );
  }
}

/**
 * Gives the complete archive its name only if no file has it: a hard link fails rather than
 * replace (as `rename` would); where the file system has no hard links (FAT, exFAT), a copy
 * that fails likewise. The partial file is removed afterwards by the caller.
 */
function publish(partial: string, target: string): void {
  try {
    try {
      fs.linkSync(partial, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
      fs.copyFileSync(partial, target, fs.constants.COPYFILE_EXCL);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new BackupError(
      `${target} was written by another backup meanwhile: this one is not kept. Name a new file.`,
      {
        cause: error,
      },
    );
  }
}
