/**
 * Upgrades keep the data: the database and files an earlier release of this repository left
 * (earlier-release.ts: demo data, shop orders, an offer, a mailed starter document) are given to
 * today's release, started as `npm start` starts it. Every row of every table survives, the
 * migrations of both releases are recorded, and sign-in, document and product downloads work.
 * On PGlite (`server`) and PostgreSQL (`server-pg`) alike.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, expect, test } from 'vitest';
import { readMigrations } from '../db/migrate.ts';
import { pgliteOptions } from '../db/pglite-options.ts';
import { DEMO_ADMIN } from '../seed/demo.ts';
import { freePort, killPortalProcesses, startPortalProcess, waitUntilHealthy } from '../test/process.ts';
import { withDatabase } from '../test/template.ts';
import {
  EARLIER_RELEASE_COMMIT,
  EARLIER_RELEASE_FIXTURE,
  EARLIER_RELEASE_SECRETS,
  readFixtureManifest,
  readFixtureSql,
} from './earlier-release.ts';

const onPostgres = process.env['TEST_DB_BACKEND'] === 'postgres';
/**
 * Tables whose rows change by design as the portal runs: the migration log, folded list counts and
 * the per-minute request windows (the test's own sign-ins renew the earlier release's).
 */
const CHANGING_TABLES = new Set(['schema_migration', 'list_row_count', 'client_rate_limit']);

type Row = Record<string, unknown>;
/** Rows of every table of the public schema, keyed by table, each row by its primary key. */
type Snapshot = Map<string, Map<string, Row>>;

/** One connection to the database under test, whichever kind it is. */
interface Connection {
  query(text: string): Promise<Row[]>;
  close(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(() => killPortalProcesses());
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * The earlier release's database, loaded from its SQL into a new PGlite directory or PostgreSQL
 * database, with its rows as loaded.
 */
async function loadEarlierDatabase(
  dataDir: string,
): Promise<{ environment: Record<string, string>; before: Snapshot }> {
  if (!onPostgres) {
    const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db'), ...(await pgliteOptions()) });
    await pglite.exec(readFixtureSql());
    // The dump empties the search path for its session; the snapshot names its schema anyway.
    const before = await snapshot({ query: async (text) => (await pglite.query<Row>(text)).rows });
    await pglite.close();
    return { environment: {}, before };
  }
  const serverUrl = process.env['TEST_DATABASE_URL']!;
  const name = `lizenzportal_upgrade_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  cleanups.push(() => onServer(serverUrl, `drop database if exists "${name}" with (force)`));
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  await client.query(readFixtureSql());
  const before = await snapshot({ query: async (text) => (await client.query<Row>(text)).rows });
  await client.end();
  return { environment: { DATABASE_URL: withDatabase(serverUrl, name) }, before };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}

async function connect(dataDir: string, environment: Record<string, string>): Promise<Connection> {
  const databaseUrl = environment['DATABASE_URL'];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return { query: async (text) => (await client.query<Row>(text)).rows, close: () => client.end() };
  }
  const pglite = await PGlite.create({ dataDir: path.join(dataDir, 'db'), ...(await pgliteOptions()) });
  return { query: async (text) => (await pglite.query<Row>(text)).rows, close: () => pglite.close() };
}

async function snapshot(connection: Pick<Connection, 'query'>): Promise<Snapshot> {
  const tables = await connection.query(`
    select c.relname as table, array_agg(a.attname::text order by k.ord) as key
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    where i.indisprimary
    group by c.relname
  `);
  const result: Snapshot = new Map();
  for (const { table, key } of tables as { table: string; key: string[] }[]) {
    if (CHANGING_TABLES.has(table)) continue;
    const rows = await connection.query(`select * from public."${table}"`);
    result.set(table, new Map(rows.map((row) => [key.map((column) => String(row[column])).join('|'), row])));
  }
  return result;
}

/** Today's release as `npm start` starts it (production: no demo data), on the earlier release's data. */
async function startToday(dataDir: string, environment: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const portal = startPortalProcess([process.execPath, 'apps/server/src/server.ts'], {
    ...EARLIER_RELEASE_SECRETS,
    ...environment,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    SHUTDOWN_DRAIN_SECONDS: '0',
  });
  await waitUntilHealthy(portal, url, 120_000);
  if (portal.hasExited()) throw new Error(`today's release did not start:\n${portal.output()}`);
  return { url, stop: () => portal.kill('SIGTERM') };
}

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
};

test(`today's release on a database of release ${EARLIER_RELEASE_COMMIT.slice(0, 7)}: every row and file survives, sign-in and downloads work`, async () => {
  const manifest = readFixtureManifest();
  expect(manifest.commit).toBe(EARLIER_RELEASE_COMMIT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-upgrade-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const { environment, before } = await loadEarlierDatabase(dataDir);
  fs.cpSync(path.join(EARLIER_RELEASE_FIXTURE, 'files'), path.join(dataDir, 'files'), { recursive: true });
  // The fixture is what its maker reported: orders, an offer, mails, documents.
  for (const [table, count] of Object.entries(manifest.rows))
    expect(before.get(table)?.size, table).toBe(count);
  expect(before.get('order_generation')!.size).toBe(manifest.orders.length);

  // The upgrade: today's release migrates the database as it starts and is then ready.
  const portal = await startToday(dataDir, environment);
  const { url } = portal;
  expect((await fetch(`${url}/api/v1/health/ready`)).status).toBe(200);
  // Sign-in: the demo admin of the earlier release, a license holder of a shop order by start code.
  const { token: adminToken } = await json<{ token: string }>(
    await fetch(`${url}/api/v1/auth/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    }),
  );
  const asAdmin = { authorization: `Bearer ${adminToken}` };
  const licenses = [...before.get('license')!.values()];
  const { licenses: listed } = await json<{ licenses: { _id: string }[] }>(
    await fetch(`${url}/api/v1/license?limit=0`, { headers: asAdmin }),
  );
  expect(listed.map((license) => license._id).sort()).toEqual(
    licenses.map((license) => license['id']).sort(),
  );
  const ordered = licenses.find(
    (license) => license['type_of_entry'] === 'order' && license['status'] === 'unbound',
  )!;
  const signIn = (key: unknown, authenticationCode: unknown) =>
    fetch(`${url}/api/v1/auth/license`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, authenticationCode }),
    });
  expect((await signIn(ordered['key'], ordered['start_code'])).status).toBe(200);

  // Every stored document (licenses' and deliveries') opens with the bytes the earlier release wrote.
  const documentKeys = new Set([
    ...licenses.flatMap((license) => [license['starter_document'], license['license_document']]),
    ...[...before.get('delivery')!.values()].flatMap((delivery) => delivery['documents'] as string[]),
  ]);
  documentKeys.delete(null);
  expect(documentKeys.size).toBeGreaterThan(manifest.orders.length);
  for (const documentKey of documentKeys) {
    const { url: documentUrl } = await json<{ url: string }>(
      await fetch(`${url}/api/v1/document/url`, {
        method: 'POST',
        headers: { ...asAdmin, 'content-type': 'application/json' },
        body: JSON.stringify({ documentKey }),
      }),
    );
    const file = await fetch(new URL(documentUrl, url));
    expect(file.status, String(documentKey)).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(
      fs.readFileSync(path.join(EARLIER_RELEASE_FIXTURE, 'files', String(documentKey))),
    );
  }

  // A bound holder downloads the software the earlier release published.
  const holder = licenses.find((license) => license['status'] === 'bound' && license['version'] === '9')!;
  const { token } = await json<{ token: string }>(await signIn(holder['key'], holder['authentication_code']));
  const { url: softwareUrl } = await json<{ url: string }>(
    await fetch(`${url}/api/v1/license/${String(holder['id'])}/download/software/url`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  const software = await fetch(new URL(softwareUrl, url));
  expect(software.status).toBe(200);
  const release = [...before.get('product_release')!.values()].find(
    (row) => row['product'] === 'software-9',
  )!;
  expect(Buffer.from(await software.arrayBuffer())).toEqual(
    fs.readFileSync(path.join(EARLIER_RELEASE_FIXTURE, 'files', String(release['file_key']))),
  );

  await portal.stop();
  const connection = await connect(dataDir, environment);
  try {
    // Every row of the earlier release is still there with every value it had (new columns aside);
    // the one change is the holder's download, counted on the license (a revision of it).
    const after = await snapshot(connection);
    const downloaded = {
      ...holder,
      software_downloads: Number(holder['software_downloads']) + 1,
      revision: Number(holder['revision']) + 1,
    };
    for (const [table, rows] of before) {
      const kept = after.get(table)!;
      for (const [key, row] of rows) {
        const expected = row === holder ? downloaded : row;
        expect(kept.get(key), `${table} ${key}`).toEqual(expect.objectContaining(expected));
      }
    }
    // Both releases' migration names are recorded: either release finds all of its own.
    const recorded = (await connection.query('select version from schema_migration')).map(
      (row) => row['version'],
    );
    expect(recorded).toEqual(
      expect.arrayContaining([
        ...manifest.migrations,
        ...readMigrations().map((migration) => migration.version),
      ]),
    );
  } finally {
    await connection.close();
  }
}, 300_000);
