import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { prepareDataDirectories } from '../data-directories.ts';
import { restrictNewFiles } from '../lib/private-files.ts';
import { describeFailure } from '../lib/describe-failure.ts';

/**
 * Runs a command-line tool's `main` and exits with the code it answers; a failure prints its
 * message (a bad setting names its variable, `ConfigError`) and exits with 1. What the tool
 * creates is its user's alone (decision 062).
 */
export function runCommand(main: () => Promise<number>): void {
  restrictNewFiles();
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(describeFailure(error));
      process.exit(1);
    },
  );
}

/**
 * The configured database (the embedded one under DATA_DIR, or DATABASE_URL), migrated, for the
 * time `work` takes; closed afterwards, whatever happens. DATA_DIR is made private first, as on
 * the server's start.
 */
export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  for (const message of prepareDataDirectories(config)) console.warn(message);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await migrate(database.db);
    return await work(database);
  } finally {
    await database.close();
  }
}
