/**
 * License import (decision 061): 100,000 generated licenses (the portal's own CSV export: a third
 * bound with German names, every tenth disabled and updated to the next one, notes with quotes and
 * line breaks) imported into an empty portal by the import service — the code behind
 * `npm run import -- licenses` and the back office — on PostgreSQL and on PGlite (a directory, as
 * the command line's embedded database). Beside it the floor, measured in the same run: the same
 * rows (the licenses and audit entries the import wrote, dumped with COPY … TO) written into
 * another empty portal with COPY … FROM (PGlite: from `/dev/blob`). Each step runs in a process of
 * its own; prints both times, the ratio and each process's peak RSS. BENCH_IMPORT_LICENSES changes
 * the count.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { writeLicenseCsv } from './lib/license-file.ts';
import { benchDatabase } from './lib/postgres-database.ts';

const LICENSES = Number(process.env['BENCH_IMPORT_LICENSES'] ?? 100_000);
const TARGET = { seconds: 60, ratio: 3 };
const CHILD = path.join(import.meta.dirname, 'lib/import-child.ts');

interface Step {
  ms: number;
  written: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

async function step(...args: string[]): Promise<Step> {
  const { stdout } = await promisify(execFile)(process.execPath, [CHILD, ...args], {
    maxBuffer: 16 * 2 ** 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Step;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

function print(name: string, imported: Step, floor: Step): void {
  const ratio = imported.ms / floor.ms;
  const verdict = imported.ms < TARGET.seconds * 1000 && ratio <= TARGET.ratio ? 'ok' : 'ABOVE TARGET';
  console.log(
    `${name}: import ${seconds(imported.ms)} (${imported.written.toLocaleString('de-DE')} licenses),` +
      ` floor COPY ${seconds(floor.ms)} (${floor.written.toLocaleString('de-DE')}), ratio ${ratio.toFixed(2)}× (${verdict});` +
      ` peak RSS import ${mb(imported.peakRssMb)} (${mb(imported.rssBeforeMb)} before it), floor ${mb(floor.peakRssMb)};` +
      ` load ${os.loadavg()[0]!.toFixed(2)}`,
  );
}

async function onPostgres(file: string, directory: string): Promise<void> {
  const imported = await benchDatabase('import');
  const copied = await benchDatabase('import_floor');
  if (!imported || !copied) {
    await imported?.drop();
    console.log('License import bench: no PostgreSQL server reachable (BENCH_DATABASE_URL), skipped.');
    return;
  }
  try {
    const importStep = await step('import', imported.url, file, directory);
    const floorStep = await step('floor', copied.url, directory);
    print('PostgreSQL', importStep, floorStep);
  } finally {
    await imported.drop();
    await copied.drop();
  }
}

async function onPglite(file: string, directory: string): Promise<void> {
  const importStep = await step('import', path.join(directory, 'pglite-import'), file, directory);
  const floorStep = await step('floor', path.join(directory, 'pglite-floor'), directory);
  print('PGlite', importStep, floorStep);
}

export async function run(): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-'));
  try {
    const file = path.join(directory, 'licenses.csv');
    const started = performance.now();
    await writeLicenseCsv(file, LICENSES);
    console.log(
      `\nLicense import, ${LICENSES.toLocaleString('de-DE')} licenses, ${mb(fs.statSync(file).size / 2 ** 20)} CSV` +
        ` (generated in ${seconds(performance.now() - started)}); load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    await onPostgres(file, directory);
    await onPglite(file, directory);
  } finally {
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
