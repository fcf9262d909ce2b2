import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DEMO_ADMIN } from './seed/demo.ts';

/** The real start (`node apps/server/src/server.ts`), as `npm start` runs it after building the web app. */
interface RunningServer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.stop()));
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function start(environment: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(import.meta.dirname, 'server.ts')], {
    env: {
      PATH: process.env['PATH'],
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const server: RunningServer = {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  running.push(server);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) return server;
    const health = await fetch(`${server.url}/api/v1/health`).catch(() => undefined);
    if (health?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${output}`);
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

test('production mode needs its secrets and never seeds demo data', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-start-'));
  const refused = await start({ DATA_DIR: dataDir, NODE_ENV: 'production' });
  await refused.stop();
  expect(refused.output()).toContain('JWT_SECRET is required in production mode');

  const production = await start({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    JWT_SECRET: 'p'.repeat(40),
    SHOP_WEBHOOK_SECRET: 'webhook-secret',
  });
  expect(production.output()).not.toContain('Demo data created');
  expect((await post(production, '/api/v1/auth/admin', DEMO_ADMIN)).status).toBe(401);
}, 60_000);
