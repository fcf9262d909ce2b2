/**
 * Makes the upgrade test's fixture (apps/server/src/ops/earlier-release.ts, decision 038): builds
 * the earlier release in a temporary git worktree with its own `npm ci`, starts it on a fresh
 * PostgreSQL database, lets it seed its demo data, posts shop orders to its webhook, requests an
 * offer and sends a starter document by mail, waits until its jobs are done, stops it, and writes
 * its database (pg_dump, plain INSERTs) and stored files beside a manifest.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/make-upgrade-fixture.ts
 *
 * The worktree stays in the temporary directory and is reused by the next run (its `npm ci` is the
 * slow part); `git worktree remove` it when done.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  EARLIER_RELEASE_COMMIT,
  EARLIER_RELEASE_FIXTURE,
  EARLIER_RELEASE_SECRETS,
  type FixtureManifest,
} from '../apps/server/src/ops/earlier-release.ts';
import { DEMO_ADMIN } from '../apps/server/src/seed/demo.ts';
import { webhookSignature } from '../apps/server/src/modules/shop/signature.ts';
import { orderNumbered } from '../apps/server/src/modules/shop/test-orders.ts';
import {
  newPurchaseRequest,
  schoolBilling,
} from '../apps/server/src/modules/upgrade-sessions/test-helpers.ts';
import { freePort } from '../apps/server/src/test/process.ts';
import { withDatabase } from '../apps/server/src/test/template.ts';

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl)
  throw new Error('TEST_DATABASE_URL (a PostgreSQL server to create a database on) is required');

const worktree = path.join(os.tmpdir(), `lizenzportal-release-${EARLIER_RELEASE_COMMIT.slice(0, 12)}`);
if (!fs.existsSync(path.join(worktree, 'node_modules', '.bin', 'node'))) {
  fs.rmSync(worktree, { recursive: true, force: true });
  execFileSync('git', ['worktree', 'prune'], { cwd: root });
  execFileSync('git', ['worktree', 'add', '--detach', worktree, EARLIER_RELEASE_COMMIT], {
    cwd: root,
    stdio: 'inherit',
  });
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: worktree, stdio: 'inherit' });
}

const databaseName = `lizenzportal_upgrade_fixture_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database "${databaseName}"`);
const databaseUrl = withDatabase(serverUrl, databaseName);
const fixtureDatabase = new pg.Client({ connectionString: databaseUrl });
await fixtureDatabase.connect();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-upgrade-fixture-'));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;

const release = spawn(path.join(worktree, 'node_modules', '.bin', 'node'), ['apps/server/src/server.ts'], {
  cwd: worktree,
  env: {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    ...EARLIER_RELEASE_SECRETS,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => release.once('exit', resolve));

try {
  await waitFor('the earlier release answering', async () => (await fetch(`${url}/api/v1/health`)).ok);
  const manifest = await makeWorkload();
  await waitFor('every order, delivery and job done', async () => {
    const { rows } = await fixtureDatabase.query<{ unfinished: number }>(
      `select (select count(*) from order_generation where progress <> 'completed')
            + (select count(*) from delivery where progress <> 'completed')
            + (select count(*) from pgboss.job where state in ('active', 'retry')
                 or (state = 'created' and start_after <= now())) as unfinished`,
    );
    return Number(rows[0]!.unfinished) === 0;
  });
  release.kill('SIGTERM');
  await exited;
  writeFixture(manifest);
  console.log(`fixture written to ${path.relative(root, EARLIER_RELEASE_FIXTURE)}`);
} finally {
  release.kill('SIGKILL');
  await fixtureDatabase.end();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** Shop orders, an offer and a mailed starter document, through the earlier release's API. */
async function makeWorkload(): Promise<Omit<FixtureManifest, 'rows' | 'migrations'>> {
  const orders = [
    orderNumbered(7001),
    orderNumbered(7002, {
      line_items: [
        { id: 1, name: 'Pro-Lizenz Version 9', product_id: 801, sku: 'M9-PRO', quantity: 5, meta_data: [] },
        { id: 2, name: 'Persönliche Lizenz', product_id: 802, sku: 'M9-PER', quantity: 3, meta_data: [] },
      ],
    }),
    orderNumbered(7003, {
      line_items: [
        { id: 1, name: 'Persönliche Lizenz', product_id: 802, sku: 'M9-PER', quantity: 1, meta_data: [] },
      ],
    }),
  ];
  for (const order of orders) {
    const body = JSON.stringify(order);
    await call('POST', '/shop/webhook', body, {
      'x-wc-webhook-signature': webhookSignature(body, EARLIER_RELEASE_SECRETS.SHOP_WEBHOOK_SECRET),
    });
  }

  const { session, token } = await call<{ session: { _id: string }; token: string }>(
    'POST',
    '/upgrade-session',
    JSON.stringify(newPurchaseRequest()),
  );
  const offered = await call<{ session: { offerNumber: string } }>(
    'POST',
    `/upgrade-session/${session._id}/offer`,
    JSON.stringify({ billing: schoolBilling(), shipToDifferentAddress: false, shipping: null }),
    { authorization: `Bearer ${token}` },
  );

  const { token: adminToken } = await call<{ token: string }>(
    'POST',
    '/auth/admin',
    JSON.stringify(DEMO_ADMIN),
  );
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const { licenses } = await call<{ licenses: { _id: string; starterDocument: string | null }[] }>(
    'GET',
    '/license?limit=0',
    undefined,
    asAdmin,
  );
  const withDocument = licenses.find((license) => license.starterDocument);
  await call(
    'POST',
    `/license/${withDocument!._id}/delivery`,
    JSON.stringify({ documentType: 'starter', recipient: 'kunde@example.com' }),
    asAdmin,
  );
  return {
    commit: EARLIER_RELEASE_COMMIT,
    orders: orders.map((order) => order.number!),
    offerNumber: offered.session.offerNumber,
  };
}

async function call<T>(
  method: string,
  route: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${url}/api/v1${route}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body }),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    if (release.exitCode !== null) throw new Error(`the earlier release ended while waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within 180 s`);
}

/** database.sql (psql's meta-commands left out: the test runs it through a driver), files/, manifest.json. */
function writeFixture(workload: Omit<FixtureManifest, 'rows' | 'migrations'>): void {
  const dump = execFileSync(
    'pg_dump',
    ['--inserts', '--rows-per-insert=100', '--no-owner', '--no-privileges', '--dbname', databaseUrl],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  const statements = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  fs.rmSync(EARLIER_RELEASE_FIXTURE, { recursive: true, force: true });
  fs.mkdirSync(EARLIER_RELEASE_FIXTURE, { recursive: true });
  fs.writeFileSync(path.join(EARLIER_RELEASE_FIXTURE, 'database.sql'), statements);
  fs.cpSync(path.join(dataDir, 'files'), path.join(EARLIER_RELEASE_FIXTURE, 'files'), { recursive: true });
  const rows = Object.fromEntries(
    ['license', 'order_generation', 'delivery', 'upgrade_session', 'product_release', 'audit_entry'].map(
      (table) => [table, countRows(table)],
    ),
  );
  const migrations = psql('select version from schema_migration order by version').split('\n');
  const manifest: FixtureManifest = { ...workload, migrations, rows };
  fs.writeFileSync(
    path.join(EARLIER_RELEASE_FIXTURE, 'manifest.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
}

function countRows(table: string): number {
  return Number(psql(`select count(*) from ${table}`));
}

function psql(query: string): string {
  return execFileSync('psql', ['-Atc', query, databaseUrl], { encoding: 'utf8' }).trim();
}
