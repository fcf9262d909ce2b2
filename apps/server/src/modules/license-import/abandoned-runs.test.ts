import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import {
  importFieldTitle,
  licenseImportMessages as messages,
  type LicenseImportRun,
} from '@lizenzportal/domain';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { ABANDONED_AFTER_SECONDS, LicenseImportRepository } from './repository.ts';
import { LicenseImportService } from './service.ts';
import { lastHeartbeat, startedImportRun } from './test-helpers.ts';

// Decision 082: a run whose process ended (Ctrl-C, kill -9, a crash) is answered failed, with
// its reason, and its staged rows go; a run whose process lives is never taken for one.
const ctx = useTestApp();

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'license-import-abandoned-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

const HEAD = (['key', 'startCode', 'version', 'status', 'properties.class'] as const)
  .map(importFieldTitle)
  .join(';');
const GOOD = [
  'ABCD-EFGH-JKMN;123456;Version 8;Ungebunden;Einzellizenz',
  'BCDE-FGHJ-KMNP;234567;Version 9;Ungebunden;Mehrfachlizenz',
];

function file(name: string, ...rows: string[]): string {
  const target = path.join(directory, name);
  fs.writeFileSync(target, `${[HEAD, ...rows].join('\r\n')}\r\n`);
  return target;
}

const repository = () => new LicenseImportRepository(ctx.database.db);

/** A run as the command line records it at its start, with one row staged: its process may die now. */
const startedRun = (fileName: string) => startedImportRun(ctx.database.db, fileName, { staged: true });
const lastBeat = (run: string, seconds: number) => lastHeartbeat(ctx.database.db, run, seconds);

const stagedLines = async (run: string) =>
  (
    await ctx.database.db.selectFrom('license_import_row').select('line').where('run', '=', run).execute()
  ).map((row) => row.line);

/** The back office's list of runs, by file name. */
async function listedRuns(): Promise<Record<string, LicenseImportRun>> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/license-import-run',
    headers: await ctx.adminHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  const runs: LicenseImportRun[] = response.json().data.runs;
  return Object.fromEntries(runs.map((run) => [run.fileName, run]));
}

const licenseCount = async () => (await ctx.database.db.selectFrom('license').select('id').execute()).length;

describe('runs whose process ended', () => {
  test('the list answers a killed run failed with its reason and drops its rows; a live run stays running', async () => {
    const killed = await startedRun('abgebrochen.csv');
    await lastBeat(killed, ABANDONED_AFTER_SECONDS + 30);
    // Slow but alive: its last heartbeat well inside the bound.
    const live = await startedRun('laeuft.csv');
    await lastBeat(live, ABANDONED_AFTER_SECONDS - 30);
    // Started by a release before heartbeats: judged by its start, a day later.
    const older = await startedRun('vorher.csv');
    const oldest = await startedRun('vorgestern.csv');
    await sql`update license_import_run set heartbeat_at = null, created_at = now() - interval '2 hours'
      where id = ${older}`.execute(ctx.database.db);
    await sql`update license_import_run set heartbeat_at = null, created_at = now() - interval '2 days'
      where id = ${oldest}`.execute(ctx.database.db);

    const runs = await listedRuns();
    expect(runs['abgebrochen.csv']).toMatchObject({
      status: 'failed',
      error: messages.abandoned,
      finishedAt: expect.any(String),
    });
    expect(runs['vorgestern.csv']).toMatchObject({ status: 'failed', error: messages.abandoned });
    expect(runs['laeuft.csv']).toMatchObject({ status: 'running', error: null, finishedAt: null });
    expect(runs['vorher.csv']).toMatchObject({ status: 'running', error: null });
    expect(await stagedLines(killed)).toEqual([]);
    expect(await stagedLines(oldest)).toEqual([]);
    expect(await stagedLines(live)).toEqual([2]);
    expect(await stagedLines(older)).toEqual([2]);
    // Failed once: a later read changes nothing.
    expect((await listedRuns())['abgebrochen.csv']).toEqual(runs['abgebrochen.csv']);
  });

  test('the hourly sweep and the next import fail it too, when nobody opens the page', async () => {
    const swept = await startedRun('nachts.csv');
    await lastBeat(swept, ABANDONED_AFTER_SECONDS + 1);
    await ctx.app.services.licenseImportUploads.sweepAbandoned();
    expect(await repository().findRun(swept)).toMatchObject({ status: 'failed', error: messages.abandoned });
    expect(await stagedLines(swept)).toEqual([]);

    const killed = await startedRun('abgebrochen.csv');
    await lastBeat(killed, ABANDONED_AFTER_SECONDS + 1);
    const next = await ctx.app.services.licenseImports.run({
      path: file('neu.csv', ...GOOD),
      fileName: 'neu.csv',
      actor: messages.cliActor('test'),
      dryRun: false,
      onlyValid: false,
    });
    expect(next).toMatchObject({ status: 'completed', imported: 2 });
    expect(await repository().findRun(killed)).toMatchObject({ status: 'failed', error: messages.abandoned });
    expect(await stagedLines(killed)).toEqual([]);
  });

  test('a run inside its transaction is alive, whatever its heartbeat says', async ({ skip }) => {
    // PGlite is one connection: nothing reads while a transaction holds it, so nothing can take
    // the run for abandoned then. On PostgreSQL another process reads the list meanwhile.
    if (ctx.database.backend !== 'postgres') skip();
    const writing = await startedRun('schreibt.csv');
    await lastBeat(writing, ABANDONED_AFTER_SECONDS + 30);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const inside = new Promise<void>((resolve) => (holding = resolve));
    const transaction = repository().locked(async (db) => {
      await repository().holdRunning(writing, db);
      holding();
      await held;
    });
    try {
      await inside;
      expect((await listedRuns())['schreibt.csv']).toMatchObject({ status: 'running' });
      expect(await stagedLines(writing)).toEqual([2]);
    } finally {
      release();
      await transaction;
    }
  });

  test('the heartbeat is refreshed while a run works', async () => {
    const imports = new LicenseImportService(ctx.database.db, { heartbeatMs: 20 });
    const beats = new Set<number>();
    const outcome = await imports.run({
      path: file('lang.csv', ...GOOD),
      fileName: 'lang.csv',
      actor: 'test-admin',
      dryRun: true,
      onlyValid: false,
      // The run stands at its start until its heartbeat was seen moving twice.
      onStart: async (run) => {
        await eventually(async () => {
          const row = await repository().findRun(run);
          beats.add(row!.heartbeat_at!.getTime());
          return beats.size >= 3 ? true : undefined;
        }, 5_000);
      },
    });
    expect(outcome.status).toBe('checked');
    expect(beats.size).toBeGreaterThanOrEqual(3);
  });

  test('a run taken for abandoned while its process stood still writes nothing of what is left', async () => {
    const before = await licenseCount();
    const stalled = ctx.app.services.licenseImports.run({
      path: file('stand-still.csv', ...GOOD),
      fileName: 'stand-still.csv',
      actor: 'test-admin',
      dryRun: false,
      onlyValid: false,
      // Its process stands still past the bound: another reader fails the run meanwhile.
      onStart: async (run) => {
        await lastBeat(run, ABANDONED_AFTER_SECONDS + 1);
        expect(await ctx.app.services.licenseImports.failAbandoned()).toBe(1);
      },
    });
    await expect(stalled).rejects.toThrow(/failed as abandoned/);
    expect(await licenseCount()).toBe(before);
    expect((await listedRuns())['stand-still.csv']).toMatchObject({
      status: 'failed',
      error: messages.abandoned,
    });
  });
});
