/**
 * Backs up the portal while it runs, into one archive:
 *
 *   npm run backup -- <file>
 *
 * The database (the embedded one dumped by the running portal, or PostgreSQL by pg_dump) and the
 * files of DATA_DIR (secrets, documents, releases) and of a file:// STORAGE_URL. S3 storage is not
 * copied: the bucket keeps its own versions. Restore with `npm run restore -- <file>`.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createBackup } from '../backup/create-backup.ts';
import { runCommand } from './command.ts';

const USAGE = 'Usage: npm run backup -- <file>   (a new file, e.g. /var/backups/lizenzportal-2026-11-27.zip)';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.log(USAGE);
    return 1;
  }
  const { manifest, files, bytes } = await createBackup(loadConfig(), positionals[0]!);
  const database = manifest.database === 'pglite' ? 'embedded database' : 'PostgreSQL database';
  console.log(`Backup written to ${positionals[0]}: the ${database} and ${files} files, ${bytes} bytes.`);
  if (manifest.storage === 's3') {
    console.log(
      'Files in S3 are not in it: keep versioning switched on for the bucket (and its own backup).',
    );
  }
  return 0;
}

runCommand(main);
