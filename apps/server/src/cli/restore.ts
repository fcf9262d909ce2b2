/**
 * Restores a backup of `npm run backup` into an empty DATA_DIR (and, with DATABASE_URL, an empty
 * PostgreSQL database); anything not empty is refused:
 *
 *   npm run restore -- <file>
 *
 * Stop nothing: the portal is started on the restored data afterwards (it applies the migrations
 * of a newer release on its first start).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import { runCommand } from './command.ts';

const USAGE =
  'Usage: npm run restore -- <file>   (into an empty DATA_DIR and, with DATABASE_URL, an empty database)';

async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.log(USAGE);
    return 1;
  }
  const config = loadConfig();
  const { manifest, files } = await restoreBackup(config, positionals[0]!);
  const database =
    manifest.database === 'pglite'
      ? `the embedded database in ${config.dataDir}/db`
      : 'the PostgreSQL database';
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${database} and ${files} files. Start the portal on it.`,
  );
  if (manifest.storage === 's3') console.log('Files in S3 were not in the backup: they stay in the bucket.');
  return 0;
}

runCommand(main);
