import path from 'node:path';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';

/**
 * Runs a command-line tool's `main` and exits with the code it answers; a failure prints its
 * message (a bad setting names its variable, `ConfigError`) and exits with 1.
 */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

/**
 * The configured database (the embedded one under DATA_DIR, or DATABASE_URL), migrated, for the
 * time `work` takes; closed afterwards, whatever happens.
 */
export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
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
