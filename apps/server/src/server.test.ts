import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DEMO_ADMIN } from './seed/demo.ts';
import { notPrivateUnder } from './test/file-modes.ts';
import { eventually } from './test/smtp.ts';
import {
  freePort,
  killPortalProcesses,
  startPortalProcess,
  waitUntilHealthy,
  type PortalProcess,
} from './test/process.ts';

/** The real start (`node apps/server/src/server.ts`), as `npm start` runs it after building the web app. */
interface RunningServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

afterEach(() => killPortalProcesses());

/** `node <script> [arguments]`, started by a shell with the given umask (the most permissive: 0000). */
const withUmask = (umask: string, script: string, ...args: string[]) => [
  '/bin/sh',
  '-c',
  `umask ${umask} && exec "$@"`,
  'sh',
  process.execPath,
  script,
  ...args,
];

async function start(environment: Record<string, string>, umask = '0022'): Promise<RunningServer> {
  const port = await freePort();
  const portal: PortalProcess = startPortalProcess(withUmask(umask, 'apps/server/src/server.ts'), {
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // No load balancer to drain from: stop at once.
    SHUTDOWN_DRAIN_SECONDS: '0',
    ...environment,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(portal, url);
  return { url, output: portal.output, stop: () => portal.kill('SIGTERM') };
}

const post = (server: RunningServer, url: string, body: unknown) =>
  fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

test('a first start seeds demo data once and prints how to sign in, with the admin of ADMIN_*', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-start-'));
  const environment = { DATA_DIR: dataDir, ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'ops-password-123' };
  const first = await start(environment);
  expect(first.output()).toContain('user "ops" with the password of ADMIN_PASSWORD');
  const printed = /([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\s+Startcode (\d{3} \d{3})/.exec(first.output());
  expect(printed).not.toBeNull();
  // ADMIN_* replace the demo admin, whose well-known password would otherwise stay valid.
  expect((await post(first, '/api/v1/auth/admin', DEMO_ADMIN)).status).toBe(401);
  expect(
    (await post(first, '/api/v1/auth/admin', { username: 'ops', password: 'ops-password-123' })).status,
  ).toBe(200);
  const customer = await post(first, '/api/v1/auth/license', {
    key: printed![1],
    authenticationCode: printed![2],
  });
  expect(customer.status).toBe(200);
  await first.stop();

  const second = await start(environment);
  expect(second.output()).not.toContain('Demo data created');
  expect((await post(second, '/api/v1/auth/license-status', { key: printed![1] })).status).toBe(200);
}, 60_000);

test('production mode needs its secrets, never seeds demo data, and its metrics port wants METRICS_TOKEN', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-start-'));
  const refused = await start({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  await refused.stop();
  expect(refused.output()).toContain('JWT_SECRET is required in production mode');
  const shortSecret = await start({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    SHOP_WEBHOOK_SECRET: 'x',
  });
  await shortSecret.stop();
  expect(shortSecret.output()).toContain('SHOP_WEBHOOK_SECRET must be at least 32 letters and digits');

  const metricsPort = await freePort();
  const metricsToken = 'metrics-token-0123456789abcdefghijkl';
  const production = await start({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    SHOP_WEBHOOK_SECRET: 'productionWebhookSecret0123456789',
    METRICS_PORT: String(metricsPort),
    METRICS_TOKEN: metricsToken,
    SHOP_CART_SIGNING_KEY: 'productionCartSigningKey0123456789',
  });
  expect(production.output()).not.toContain('Demo data created');
  expect((await post(production, '/api/v1/auth/admin', DEMO_ADMIN)).status).toBe(401);
  // Both metrics settings: the figures at 127.0.0.1:METRICS_PORT alone, for a bearer of the token.
  const metrics = `http://127.0.0.1:${metricsPort}/metrics`;
  expect((await fetch(metrics)).status).toBe(401);
  const scrape = await fetch(metrics, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(scrape.status).toBe(200);
  expect(await scrape.text()).toContain('lizenzportal_order_generations_failed');
  expect((await fetch(`${production.url}/metrics`)).status).toBe(404);
}, 60_000);

test('no search takes the embedded database down: the server answers and stops afterwards', async () => {
  const server = await start({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-start-')) });
  const login = await post(server, '/api/v1/auth/admin', DEMO_ADMIN);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const headers = { authorization: `Bearer ${token}` };
  // The probe of issue #8: a pattern PostgreSQL cannot compile on PGlite's stack, then any error.
  for (const query of ['limit=0&notes=/%28a%7B1%2C255%7D%29%7B1%2C255%7Db/i', 'notes=/%5B/i']) {
    const response = await fetch(`${server.url}/api/v1/license?${query}`, {
      headers,
      signal: AbortSignal.timeout(10_000),
    });
    expect(response.status, query).toBe(400);
  }
  const health = await fetch(`${server.url}/api/v1/health`, { signal: AbortSignal.timeout(10_000) });
  expect(await health.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
  const stopped = await Promise.race([
    server.stop().then(() => 'stopped'),
    new Promise((resolve) => setTimeout(resolve, 15_000, 'still running')),
  ]);
  expect(stopped, 'SIGTERM').toBe('stopped');
}, 60_000);

test('started with the umask 0000 on a data folder others can read, the portal keeps it to its own user, the embedded database and backups included', async () => {
  // As an older release left it: a folder and a secret everybody could read.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-start-'));
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, 'jwt-secret'), `${'s'.repeat(48)}\n`, { mode: 0o644 });

  const server = await start({ DATA_DIR: dataDir }, '0000');
  expect(server.output()).toContain(
    `${dataDir} could be read by other users of this machine: 2 folders and files made private.`,
  );
  // The demo data's documents are made by the job worker: wait for the first one.
  await eventually(() => fs.existsSync(path.join(dataDir, 'files')), 30_000);
  const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-backups-'));
  const backup = startPortalProcess(
    withUmask('0000', 'apps/server/src/cli/backup.ts', path.join(backups, 'portal.zip')),
    { DATA_DIR: dataDir },
  );
  await backup.exited;
  expect(backup.output()).toContain('Backup written to');
  expect(notPrivateUnder(dataDir)).toEqual([]);
  expect(notPrivateUnder(backups)).toEqual([]);
  await server.stop();
}, 90_000);
