import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { REPOSITORY_ROOT } from '../test/process.ts';

// The command works on the embedded database under DATA_DIR, as on a portal that is stopped.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'import-command-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const target = path.join(directory, name);
  fs.writeFileSync(target, content);
  return target;
}

const run = (...args: string[]) =>
  promisify(execFile)(process.execPath, ['apps/server/src/cli/import.ts', ...args], {
    cwd: REPOSITORY_ROOT,
    env: { PATH: process.env['PATH'], DATA_DIR: path.join(directory, 'data'), LOG_LEVEL: 'silent' },
  }).then(
    ({ stdout }) => ({ code: 0, output: stdout }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );

const HEAD = 'Lizenzschlüssel;Startcode;Version;Status;Lizenzklasse\n';

// Each run opens the embedded database (the first one migrates it): minutes on a loaded machine.
describe('npm run import -- licenses', { timeout: 600_000 }, () => {
  test('reports every finding and exits with 1 for a bad file, 0 for a good dry run; a mapping file maps columns', async () => {
    const bad = await run(
      'licenses',
      file('fehler.csv', `${HEAD}QRST-2345-6789;222222;6;Ungebunden;Pro-Lizenz\n`),
    );
    expect(bad.code, bad.output).toBe(1);
    expect(bad.output).toContain(
      'Zeile 2, Spalte „Version”: Unbekannter Wert „6” (erlaubt: Version 7, Version 8, Version 9).\n',
    );
    expect(bad.output).toMatch(
      /^Nicht importiert \(fehlerhafte Zeilen\): fehler\.csv \(SHA-256 [0-9a-f]{64}, utf-8\)$/m,
    );

    const old = file('alt.csv', 'Nr,Code,V,Zustand,Art\nWXYZ-2345-6789,111111,9,unbound,pro\n');
    const mapping = file(
      'zuordnung.json',
      JSON.stringify({
        Nr: 'key',
        Code: 'startCode',
        V: 'version',
        Zustand: 'status',
        Art: 'properties.class',
      }),
    );
    const mapped = await run('licenses', old, '--mapping', mapping, '--dry-run');
    expect(mapped.code, mapped.output).toBe(0);
    expect(mapped.output).toMatch(/^Geprüft \(Probelauf\): alt\.csv/m);
    expect(mapped.output).toContain('  Zu importieren: 1\n');
  });

  test('usage, a missing file and a bad mapping are named before any database is opened', async () => {
    const old = file('alt.csv', 'Nr\n1\n');
    expect(await run('licenses', old, '--mapping', file('kaputt.json', '[1]'))).toEqual({
      code: 1,
      output: expect.stringMatching(/kaputt\.json is no mapping/),
    });
    expect(await run('licenses', path.join(directory, 'nirgends.csv'))).toEqual({
      code: 1,
      output: expect.stringMatching(/^No such file: /),
    });
    expect(await run()).toEqual({
      code: 1,
      output: expect.stringMatching(/^Usage:\n {2}npm run import -- licenses/),
    });
  });
});
