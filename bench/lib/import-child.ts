/**
 * One measured step of the import benchmark, in a process of its own so that its peak RSS is its
 * own (`process.resourceUsage().maxRSS`):
 *
 *   node bench/lib/import-child.ts import <database> <file.csv> <dump-directory>
 *   node bench/lib/import-child.ts floor <database> <dump-directory>
 *
 * `<database>` is a `postgres://` URL or a PGlite directory. `import` migrates, runs the import
 * service (the code behind `npm run import` and the back office) on the file, and dumps the
 * licenses and audit entries it wrote with COPY … TO. `floor` migrates and writes the same rows back
 * with COPY … FROM (PGlite: from `/dev/blob`), in one transaction. Prints one JSON line.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openDatabase, type Database } from '../../apps/server/src/db/database.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { LicenseImportService } from '../../apps/server/src/modules/license-import/index.ts';

/** The tables the import writes to and the floor writes again: the licenses and their audit entries. */
const TABLES = ['license', 'audit_entry'] as const;

const [mode, target, ...rest] = process.argv.slice(2);

async function open(): Promise<Database> {
  const database = await openDatabase(
    target!.startsWith('postgres://') ? { databaseUrl: target, poolSize: 2 } : { pgliteDir: target },
  );
  await migrate(database.db);
  return database;
}

async function onClient<T>(database: Database, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await database.pool!.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

async function dump(database: Database, directory: string): Promise<void> {
  for (const table of TABLES) {
    const file = path.join(directory, `${table}.copy`);
    if (database.pglite) {
      const result = await database.pglite.query(`copy ${table} to '/dev/blob'`);
      fs.writeFileSync(file, Buffer.from(await result.blob!.arrayBuffer()));
    } else {
      await onClient(database, (client) =>
        pipeline(client.query(copyTo(`copy ${table} to stdout`)), fs.createWriteStream(file)),
      );
    }
  }
}

async function floor(database: Database, directory: string): Promise<void> {
  if (database.pglite) {
    const pglite = database.pglite;
    await pglite.transaction(async (transaction) => {
      for (const table of TABLES) {
        const blob = new Blob([fs.readFileSync(path.join(directory, `${table}.copy`))]);
        await transaction.query(`copy ${table} from '/dev/blob'`, [], { blob });
      }
    });
    return;
  }
  await onClient(database, async (client) => {
    await client.query('begin');
    for (const table of TABLES) {
      await pipeline(
        fs.createReadStream(path.join(directory, `${table}.copy`)),
        client.query(copyFrom(`copy ${table} from stdin`)),
      );
    }
    await client.query('commit');
  });
}

const database = await open();
const rssBefore = process.memoryUsage.rss();
const started = performance.now();
let written = 0;
if (mode === 'import') {
  const [file, directory] = rest;
  const outcome = await new LicenseImportService(database.db).run({
    path: file!,
    fileName: path.basename(file!),
    actor: 'bench',
    dryRun: false,
    onlyValid: false,
  });
  if (outcome.status !== 'completed') throw new Error(`the import ended ${outcome.status}`);
  written = outcome.imported;
  const ms = performance.now() - started;
  await dump(database, directory!);
  report(ms);
} else {
  await floor(database, rest[0]!);
  const ms = performance.now() - started;
  const count = await database.db
    .selectFrom('license')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  written = Number(count.count);
  report(ms);
}
await database.close();

function report(ms: number): void {
  console.log(
    JSON.stringify({
      ms,
      written,
      rssBeforeMb: rssBefore / 2 ** 20,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}
