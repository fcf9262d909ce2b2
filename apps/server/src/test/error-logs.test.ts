import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

interface JsonReport {
  testResults: {
    message: string;
    assertionResults: { title: string; status: string; failureMessages: string[] }[];
  }[];
}

/** Runs the rule's fixture file in a vitest of its own and reads its JSON report. */
async function runFixture(): Promise<JsonReport> {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'error-log-rule-')), 'report.json');
  const vitest = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
    'vitest.mjs',
  );
  const config = path.join(import.meta.dirname, 'fixtures/vitest.config.ts');
  const run = promisify(execFile)(process.execPath, [
    vitest,
    'run',
    '--config',
    config,
    '--reporter=json',
    `--outputFile=${report}`,
  ]);
  // The fixture fails on purpose: vitest's exit code says so, the report says how.
  await run.catch(() => {});
  return JSON.parse(fs.readFileSync(report, 'utf8')) as JsonReport;
}

test('error logs fail the test that caused them, unless it expected them', async () => {
  const [file] = (await runFixture()).testResults;
  const outcome = Object.fromEntries(
    file!.assertionResults.map((result) => [result.title, result.status] as const),
  );
  expect(outcome).toEqual({
    'passes itself': 'passed',
    'fails: console.error': 'failed',
    'fails: server error log': 'failed',
    'passes: warnings and below are not errors': 'passed',
    'passes: an expected server error log': 'passed',
    'fails: an expected error log that never came': 'failed',
    'fails: an unexpected error beside an expected one': 'failed',
    'starts a timer that logs after the test ended': 'passed',
    'passes: runs while the earlier test timer fires': 'passed',
  });
  const failure = (title: string) =>
    file!.assertionResults.find((result) => result.title === title)!.failureMessages.join('\n');
  expect(failure('fails: server error log')).toContain('server log "request failed": Error: database gone');
  expect(failure('fails: an expected error log that never came')).toContain(
    'expected an error log matching never logged, but none came',
  );
  expect(failure('fails: an unexpected error beside an expected one')).toContain(
    'unexpected error log: another one',
  );
  // Hooks and late timers fail the file, naming where the log came from.
  expect(file!.message).toContain('unexpected error log: logged by beforeAll');
  expect(file!.message).toMatch(
    /after the test ".*starts a timer that logs after the test ended" had ended, work it started logged: logged by a late timer/,
  );
});
