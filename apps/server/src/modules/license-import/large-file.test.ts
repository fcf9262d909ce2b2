import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  importFieldTitle,
  LICENSE_IMPORT_MAX_ROWS,
  LICENSE_KEY_ALPHABET,
  licenseImportMessages as messages,
} from '@lizenzportal/domain';
import { afterAll, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { inspectImportFile } from './file.ts';

const ctx = useTestApp();
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'license-import-large-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const ROWS = 5_000_000;
const ROWS_PER_CHUNK = 10_000;

/** The i-th of 5 million short rows (49 bytes, labels as the export writes them): key, start code, version, status, class. */
function row(index: number): string {
  let key = '';
  for (let rest = index, position = 0; position < 12; position++, rest = Math.floor(rest / 32)) {
    key += LICENSE_KEY_ALPHABET[rest % 32];
    if (position === 3 || position === 7) key += '-';
  }
  return `${key};${String(100_000 + (index % 900_000))};8;Ungebunden;Einzellizenz\r\n`;
}

/** The file, made a chunk of rows at a time as the disk takes it: the test never holds it either. */
async function* fiveMillionRows(): AsyncGenerator<string> {
  const head = ['key', 'startCode', 'version', 'status', 'properties.class'] as const;
  yield `${head.map(importFieldTitle).join(';')}\r\n`;
  for (let start = 0; start < ROWS; start += ROWS_PER_CHUNK) {
    let chunk = '';
    for (let index = start; index < start + ROWS_PER_CHUNK; index++) chunk += row(index);
    yield chunk;
  }
}

test(
  'a file of 200 MB and 5 million rows is refused after one streaming pass, naming the limit, without holding the file',
  { timeout: 300_000 },
  async () => {
    const target = path.join(directory, 'altbestand.csv');
    await pipeline(Readable.from(fiveMillionRows()), fs.createWriteStream(target));
    expect(fs.statSync(target).size).toBeGreaterThanOrEqual(200 * 1024 * 1024);

    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    const outcome = await ctx.app.services.licenseImports
      .run({ path: target, fileName: 'altbestand.csv', actor: 'test-admin', dryRun: false, onlyValid: false })
      .finally(() => clearInterval(sampler));
    peak = Math.max(peak, process.memoryUsage.rss());

    expect(outcome).toMatchObject({ status: 'refused', rowsRead: 0, imported: 0, invalid: 1 });
    const findings = [];
    for await (const page of ctx.app.services.licenseImports.findings(outcome.run)) findings.push(...page);
    expect(findings).toEqual([
      {
        line: 1,
        column_title: null,
        kind: 'error',
        message:
          'Die Datei enthält 5.000.000 Lizenzen; ein Import liest höchstens 1.000.000 Lizenzen. Bitte in mehrere Dateien aufteilen.',
      },
    ]);
    expect(findings[0]!.message).toBe(messages.tooManyRows(ROWS, LICENSE_IMPORT_MAX_ROWS));
    expect(await ctx.database.db.selectFrom('license').select('id').execute()).toEqual([]);
    // The file is 200 MB; reading it whole (or staging its rows) would grow the process by more than that.
    expect((peak - before) / 2 ** 20).toBeLessThan(64);
  },
);

test('the first pass counts licenses, not lines: a line break inside quotes is part of a cell, empty lines are none', async () => {
  const csv = path.join(directory, 'notizen.csv');
  fs.writeFileSync(
    csv,
    'Lizenzschlüssel;Notizen\r\nAAAA-BBBB-CCCC;"Haus ""B""\r\nzweite Zeile\ndritte"\r\n\r\nDDDD-EEEE-FFFF;"a;b"\r\nGGGG-HHHH-JJJJ;""',
  );
  expect(await inspectImportFile(csv, 'notizen.csv')).toMatchObject({
    format: 'csv',
    rows: 3,
    problem: null,
  });
  const jsonLines = path.join(directory, 'lizenzen.jsonl');
  fs.writeFileSync(jsonLines, '{"key": "AAAA-BBBB-CCCC", "notes": "a\\nb"}\n\n{"key": "DDDD-EEEE-FFFF"}\n');
  expect(await inspectImportFile(jsonLines, 'lizenzen.jsonl')).toMatchObject({
    format: 'json-lines',
    rows: 2,
  });
});
