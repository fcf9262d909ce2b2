/**
 * Sign-in under load: license status and license login through the real portal (child process,
 * loopback, 50 connections), beside a bare node:http JSON endpoint measured in the same run.
 * Runs on the embedded PGlite and, when a PostgreSQL server answers, on PostgreSQL; after each,
 * minimal code on the same data (Fastify, one key lookup) shows what the machine gives any code.
 * Each row states issue #8's goal for it (GOALS) and whether this run met it.
 *
 * The per-client rate limit of the sign-in routes is raised (AUTH_CLIENT_LIMIT) for this
 * benchmark: all its load comes from one address. The cap of unfinished bodies per client keeps
 * its default (16): whole small bodies never count against it (decision 035), and each row says
 * how many answers were 429 — any is a failure. Logins spread over many licenses, as real
 * sign-ins do; attempts on one license run one at a time by design.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPortal, startReferenceServer, stop } from './lib/processes.ts';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
/** Unmeasured load first, for every server alike: figures of code still being compiled say little. */
const WARM_UP_SECONDS = 2;
const LICENSES = 500;
/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
/**
 * Issue #8's goals, each exactly as the issue states it: a throughput ratio against what it names
 * (minimal code on the same database, or the bare node:http floor) and/or a p99 latency.
 */
interface Goal {
  ratio?: { atLeast: number; of: 'minimal' | 'bare' };
  p99AtMost?: number;
}
const GOALS: Record<string, Goal> = {
  'status/postgres': { ratio: { atLeast: 0.9, of: 'minimal' }, p99AtMost: 10 },
  'login/pglite': { p99AtMost: 50 },
  'login/postgres': { ratio: { atLeast: 0.2, of: 'bare' } },
};

interface Backend {
  name: 'pglite' | 'postgres';
  /** The portal's settings. */
  environment: Record<string, string>;
  /** The same database for the minimal reference server. */
  reference: Record<string, string>;
}

interface Measurement {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  /** Answers 429 (Too Many Requests) among them. */
  refused: number;
}

async function load(url: string, bodies: () => string): Promise<Measurement> {
  const run = (duration: number) =>
    autocannon({
      url,
      method: 'POST',
      connections: CONNECTIONS,
      duration,
      // As a browser asks: the portal may compress an answer (decision 040), never a small one.
      headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies() }) }],
    });
  await run(WARM_UP_SECONDS);
  const result = await run(DURATION_SECONDS);
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    refused: result.statusCodeStats?.['429']?.count ?? 0,
  };
}

async function seed(base: string): Promise<{ key: string; startCode: string }[]> {
  const login = await fetch(`${base}/api/v1/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const licenses: { key: string; startCode: string }[] = [];
  while (licenses.length < LICENSES) {
    const response = await fetch(`${base}/api/v1/license`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ count: 50, generateStarterDocument: false }),
    });
    licenses.push(
      ...((await response.json()) as { data: { licenses: { key: string; startCode: string }[] } }).data
        .licenses,
    );
  }
  return licenses;
}

async function postgresUrl(): Promise<string | undefined> {
  const server =
    process.env['BENCH_DATABASE_URL'] ??
    process.env['TEST_DATABASE_URL'] ??
    'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('drop database if exists lizenzportal_bench with (force)');
    await client.query('create database lizenzportal_bench');
    const url = new URL(server);
    url.pathname = '/lizenzportal_bench';
    return url.toString();
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

function figures(name: string, measured: Measurement): string {
  return [
    name.padEnd(34),
    `${Math.round(measured.requestsPerSecond).toString().padStart(7)} req/s`,
    `p99 ${String(measured.p99).padStart(4)} ms`,
  ].join('  ');
}

/**
 * One portal row: its ratios against the floor and against minimal code in the same run, the
 * issue's goal for it and the verdict. A p99 goal that minimal code itself misses here is said so:
 * no code on this machine can meet it.
 */
function portalRow(
  name: string,
  measured: Measurement,
  floor: Measurement,
  minimal: Measurement,
  goal?: Goal,
) {
  const of = { bare: floor, minimal };
  const ratio = (reference: Measurement) => measured.requestsPerSecond / reference.requestsPerSecond;
  const parts = [
    figures(name, measured),
    `${ratio(floor).toFixed(3)} of bare`,
    `${ratio(minimal).toFixed(2)} of minimal`,
  ];
  if (goal) {
    const wanted: string[] = [];
    const missed: string[] = [];
    if (goal.ratio) {
      wanted.push(`≥ ${goal.ratio.atLeast} of ${goal.ratio.of}`);
      if (ratio(of[goal.ratio.of]) < goal.ratio.atLeast) {
        const minimalRatio = minimal.requestsPerSecond / of[goal.ratio.of].requestsPerSecond;
        missed.push(
          minimalRatio < goal.ratio.atLeast
            ? `throughput (minimal code's own here: ${minimalRatio.toFixed(3)} of ${goal.ratio.of})`
            : 'throughput',
        );
      }
    }
    if (goal.p99AtMost !== undefined) {
      wanted.push(`p99 ≤ ${goal.p99AtMost} ms`);
      if (measured.p99 > goal.p99AtMost) {
        missed.push(
          minimal.p99 > goal.p99AtMost ? `p99 (minimal code's own p99 here: ${minimal.p99} ms)` : 'p99',
        );
      }
    }
    parts.push(`goal ${wanted.join(', ')}: ${missed.length ? `MISSED ${missed.join(', ')}` : 'met'}`);
  }
  parts.push(`${measured.refused} × 429${measured.refused ? ' (one busy address refused!)' : ''}`);
  if (measured.errors) parts.push(`${measured.errors} errors!`);
  return parts.join('  ');
}

export async function run(): Promise<void> {
  console.log(
    `\n# Sign-in benchmark (${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_SECONDS} s warm-up, loopback)`,
  );
  console.log(
    '  Note: AUTH_CLIENT_LIMIT is raised to 1,000,000/min: all load comes from one client address.',
  );
  const bare = await startReferenceServer('bare-server.ts', 3901);
  const floor = await load('http://127.0.0.1:3901/', () => JSON.stringify({ key: 'ABCDEFGHJKLM' }));
  await stop(bare);
  console.log(figures('bare node:http JSON POST (floor)', floor));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-'));
  const backends: Backend[] = [
    {
      name: 'pglite',
      environment: { DATA_DIR: dataDir },
      reference: { PGLITE_DIR: path.join(dataDir, 'db') },
    },
  ];
  const databaseUrl = process.env['BENCH_BACKENDS'] === 'pglite' ? undefined : await postgresUrl();
  if (databaseUrl) {
    const environment = { DATABASE_URL: databaseUrl };
    backends.push({ name: 'postgres', environment, reference: environment });
  } else console.log('  (no PostgreSQL server reachable: PostgreSQL part skipped)');

  for (const backend of backends) {
    const portal = await startPortal(3902, {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-'.repeat(8),
      SHOP_WEBHOOK_SECRET: 'benchWebhookSecret01234567890123',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_CLIENT_LIMIT: '1000000',
      WORKER: process.env['BENCH_WORKER'] ?? 'inline',
      ...backend.environment,
    });
    let licenses: { key: string; startCode: string }[];
    let next = 0;
    const pick = () => licenses[next++ % licenses.length]!;
    let status: Measurement;
    let login: Measurement;
    try {
      licenses = await seed('http://127.0.0.1:3902');
      status = await load('http://127.0.0.1:3902/api/v1/auth/license-status', () =>
        JSON.stringify({ key: pick().key }),
      );
      login = await load('http://127.0.0.1:3902/api/v1/auth/license', () => {
        const license = pick();
        return JSON.stringify({ key: license.key, authenticationCode: license.startCode });
      });
    } finally {
      await stop(portal);
    }
    // What minimal code reaches here on the same data (it opens the portal's database after the
    // portal stopped): the status goal is set against it, and it shows what the machine allows.
    const reference = await startReferenceServer('minimal-server.ts', 3903, backend.reference);
    let minimal: Measurement;
    try {
      minimal = await load('http://127.0.0.1:3903/', () => JSON.stringify({ key: pick().key }));
    } finally {
      await stop(reference);
    }
    const name = backend.name;
    console.log(portalRow(`license-status, ${name}`, status, floor, minimal, GOALS[`status/${name}`]));
    console.log(portalRow(`license login, ${name}`, login, floor, minimal, GOALS[`login/${name}`]));
    const minimalOfBare = minimal.requestsPerSecond / floor.requestsPerSecond;
    console.log(`${figures('  minimal Fastify + key lookup', minimal)}  ${minimalOfBare.toFixed(3)} of bare`);
  }
}

if (import.meta.filename === process.argv[1]) await run();
