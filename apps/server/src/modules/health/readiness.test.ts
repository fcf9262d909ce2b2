import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, expect, test, vi } from 'vitest';
import { openDatabase } from '../../db/database.ts';
import { readMigrations } from '../../db/migrate.ts';
import { LocalFileStorage } from '../../lib/storage/local-file-storage.ts';
import { useTestApp } from '../../test/app.ts';
import { freePort, killPortalProcesses, startPortalProcess, waitUntilHealthy } from '../../test/process.ts';
import { Readiness } from './readiness.ts';

const ctx = useTestApp();
const directories: string[] = [];
afterAll(() => {
  for (const directory of directories) fs.rmSync(directory, { recursive: true, force: true });
});
afterEach(() => killPortalProcesses());

function temporaryDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-readiness-'));
  directories.push(directory);
  return directory;
}

const ready = () => ctx.app.inject({ method: 'GET', url: '/api/v1/health/ready' });

test('ready while the database answers with every migration and the storage takes a write', async () => {
  const response = await ready();
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok' }, reasons: [] },
  });
});

test('503 with the reason while the database is behind this release', async () => {
  const [latest] = readMigrations().slice(-1);
  await sql`delete from schema_migration where version = ${latest!.version}`.execute(ctx.database.db);
  try {
    const response = await ready();
    expect(response.statusCode).toBe(503);
    expect(response.json().data).toMatchObject({
      status: 'not-ready',
      checks: { database: 'ok', migrations: 'failed', storage: 'ok' },
      reasons: [`database behind this release: migrations ${latest!.version} not applied`],
    });
  } finally {
    await sql`insert into schema_migration (version) values (${latest!.version})`.execute(ctx.database.db);
  }
  expect((await ready()).statusCode).toBe(200);
});

test('not ready while the database is unreachable or the storage refuses writes', async () => {
  // Nothing listens on port 1; a storage directory below a file cannot be created.
  const unreachable = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
  const blocker = path.join(temporaryDirectory(), 'a-file');
  fs.writeFileSync(blocker, '');
  try {
    const report = await new Readiness({
      db: unreachable.db,
      storage: new LocalFileStorage(path.join(blocker, 'files')),
    }).check();
    expect(report).toMatchObject({
      ready: false,
      checks: { database: 'failed', migrations: 'skipped', storage: 'failed' },
    });
    expect(report.reasons[0]).toBe('database unreachable');
    expect(report.reasons[1]).toMatch(/^storage not writable: /);
  } finally {
    await unreachable.close();
  }
});

test('a storage probe is reused for ten seconds only: storage that mends is ready after it, one that breaks not', async () => {
  const blocker = path.join(temporaryDirectory(), 'a-file');
  fs.writeFileSync(blocker, '');
  const readiness = new Readiness({
    db: ctx.database.db,
    storage: new LocalFileStorage(path.join(blocker, 'files')),
  });
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    expect((await readiness.check()).checks.storage).toBe('failed');
    fs.rmSync(blocker);
    vi.setSystemTime(Date.now() + 9_000);
    expect((await readiness.check()).checks.storage, 'reused within 10 s').toBe('failed');
    vi.setSystemTime(Date.now() + 2_000);
    expect((await readiness.check()).checks.storage, 'probed again after 10 s').toBe('ok');
    fs.rmSync(blocker, { recursive: true });
    fs.writeFileSync(blocker, '');
    vi.setSystemTime(Date.now() + 11_000);
    expect((await readiness.check()).checks.storage, 'broken again').toBe('failed');
  } finally {
    vi.useRealTimers();
  }
});

// The process runs on its embedded database in either project: once is enough.
test.runIf(process.env['TEST_DB_BACKEND'] !== 'postgres')(
  'on SIGTERM readiness turns 503 while the server still answers, then the process ends',
  async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const portal = startPortalProcess([process.execPath, 'apps/server/src/server.ts'], {
      HOST: '127.0.0.1',
      PORT: String(port),
      NODE_ENV: 'production',
      JWT_SECRET: 'readiness-test-secret-'.repeat(3),
      SHOP_WEBHOOK_SECRET: 'readinessTestWebhookSecret0123456789',
      SHOP_CART_SIGNING_KEY: 'readinessTestCartSigningKey0123456789',
      DATA_DIR: temporaryDirectory(),
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_SECONDS: '3',
    });
    await waitUntilHealthy(portal, url, 120_000);
    expect((await fetch(`${url}/api/v1/health/ready`)).status).toBe(200);

    process.kill(-portal.pid, 'SIGTERM');
    const draining = await (async () => {
      for (;;) {
        const response = await fetch(`${url}/api/v1/health/ready`);
        if (response.status === 503) return (await response.json()) as { data: { reasons: string[] } };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    expect(draining.data.reasons).toEqual(['shutting down']);
    // Still serving what comes meanwhile.
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    await portal.exited;
    await expect(fetch(`${url}/api/v1/health/ready`)).rejects.toThrow();
  },
  180_000,
);
