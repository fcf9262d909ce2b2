/**
 * Sign-in under load: license status and license login through the real portal (child process,
 * loopback, 50 connections), beside a bare node:http JSON endpoint measured in the same run.
 * Runs on the embedded PGlite and, when a PostgreSQL server answers, on PostgreSQL. Beside the
 * portal, on the same data, minimal code (bench/lib/minimal-server.ts) shows what the machine gives
 * any code: for the status one key lookup; for the login exactly the work a sign-in cannot avoid
 * (the license and the client's throttle record in one statement, one token signed with fast-jwt).
 * The minimal login runs one statement per sign-in; the portal looks up the sign-ins that arrive
 * together in one (decision 084), which its figures against the minimal login include.
 * Portal and minimal code are measured in turns (status, minimal status, login, minimal login,
 * again and again), so a machine whose load changes meets both alike (decision 068). Each row
 * states issue #42's goal for it (GOALS) and whether this run met it.
 *
 * The per-client rate limit of the sign-in routes is raised (AUTH_CLIENT_LIMIT) for this
 * benchmark: all its load comes from one address. The cap of unfinished bodies per client keeps
 * its default (16): whole small bodies never count against it (decision 035), and each row says
 * how many answers were 429 — any is a failure. Logins spread over many licenses, as real
 * sign-ins do; attempts on one license run one at a time by design.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { assertRunning, freePort, startPortal, startReferenceServer, stop } from './lib/processes.ts';

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 10);
/** Each target's measured time is cut into this many turns, taken in rotation with the others'. */
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 5));
/** Unmeasured load first, for every server alike: figures of code still being compiled say little. */
const WARM_UP_SECONDS = 2;
const LICENSES = 500;
/** What Chromium sends with every request. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const JWT_SECRET = 'bench-'.repeat(8);
const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
/**
 * Issue #42's goals: a throughput ratio against what the row names (minimal code on the same
 * database in the same run: for the status one key lookup, for the login the minimal login) and a
 * p99 latency at most so many times minimal code's.
 */
interface Goal {
  ratio?: { atLeast: number; of: 'minimal' | 'bare' };
  p99AtMostTimes?: number;
}
const GOALS: Record<string, Goal> = {
  'status/pglite': { ratio: { atLeast: 0.9, of: 'minimal' } },
  'status/postgres': { ratio: { atLeast: 0.9, of: 'minimal' } },
  'login/pglite': { ratio: { atLeast: 0.8, of: 'minimal' }, p99AtMostTimes: 1.5 },
  'login/postgres': { ratio: { atLeast: 0.8, of: 'minimal' }, p99AtMostTimes: 1.5 },
};

interface Backend {
  name: 'pglite' | 'postgres';
  /** The portal's settings. */
  environment: Record<string, string>;
  /** The same data for the minimal reference server. */
  reference: Record<string, string>;
  /** PGlite: the portal's database directory is copied for the reference once seeded. */
  copy?: { from: string; to: string };
}

interface Turn {
  requestsPerSecond: number;
  p99: number;
  /** The server process's CPU time (user and system) per answered request, in µs. */
  cpuPerRequest: number;
}

interface Measurement extends Turn {
  errors: number;
  /** Answers 429 (Too Many Requests) among them. */
  refused: number;
  /** Each turn's figures, in order (the throughput is their mean, the p99 their median). */
  turns: Turn[];
}

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

function turnSeconds(): number {
  return Math.max(1, Math.round(DURATION_SECONDS / ROUNDS));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** CPU seconds a process has used so far (user and system, /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * One load on a server: its figures, and the server process's CPU time per answered request. The
 * CPU time per request barely moves with the machine's load (the time a request waits for a core
 * does): on a busy machine it is the figure that compares best.
 */
async function loadOnce(url: string, bodies: () => string, duration: number, pid: number) {
  const cpuBefore = cpuSeconds(pid);
  const result = await loadOnly(url, bodies, duration);
  const cpu = cpuSeconds(pid) - cpuBefore;
  return { result, cpuPerRequest: (cpu * 1e6) / Math.max(1, result.requests.total) };
}

function loadOnly(url: string, bodies: () => string, duration: number) {
  return autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration,
    // As a browser asks: the portal may compress an answer (decision 040), never a small one.
    headers: { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    requests: [{ setupRequest: (request) => ({ ...request, body: bodies() }) }],
  });
}

function measurement(loads: { result: autocannon.Result; cpuPerRequest: number }[]): Measurement {
  const results = loads.map((load) => load.result);
  const turns = loads.map(({ result, cpuPerRequest }) => ({
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    cpuPerRequest,
  }));
  return {
    requestsPerSecond: turns.reduce((sum, turn) => sum + turn.requestsPerSecond, 0) / turns.length,
    p99: median(turns.map((turn) => turn.p99)),
    cpuPerRequest: median(turns.map((turn) => turn.cpuPerRequest)),
    errors: results.reduce((sum, result) => sum + result.errors + result.non2xx + result.timeouts, 0),
    refused: results.reduce((sum, result) => sum + (result.statusCodeStats?.['429']?.count ?? 0), 0),
    turns,
  };
}

/**
 * Waits until a just started server's own work is over (its CPU below a tenth of a core for a
 * second; at most 60 s): the portal's start (the job queue's first rounds, the document render
 * threads) would otherwise count against whichever target is measured first.
 */
async function settled(pid: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  let before = cpuSeconds(pid);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuSeconds(pid);
    if (now - before < 0.1) return;
    before = now;
  }
}

/** One server alone: a warm-up, then the whole duration at once. */
async function load(url: string, bodies: () => string, pid: number): Promise<Measurement> {
  await loadOnly(url, bodies, WARM_UP_SECONDS);
  return measurement([await loadOnce(url, bodies, DURATION_SECONDS, pid)]);
}

/** Several targets in rotation: each warmed up, then ROUNDS turns of each, one after the other. */
async function inTurns<Name extends string>(
  targets: Record<Name, { url: string; body: () => string; pid: number }>,
): Promise<Record<Name, Measurement>> {
  const names = Object.keys(targets) as Name[];
  const results = new Map<Name, Awaited<ReturnType<typeof loadOnce>>[]>(names.map((name) => [name, []]));
  for (const pid of new Set(names.map((name) => targets[name].pid))) await settled(pid);
  for (const name of names) await loadOnly(targets[name].url, targets[name].body, WARM_UP_SECONDS);
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const { url, body, pid } = targets[name];
      results.get(name)!.push(await loadOnce(url, body, turnSeconds(), pid));
    }
  }
  return Object.fromEntries(names.map((name) => [name, measurement(results.get(name)!)])) as Record<
    Name,
    Measurement
  >;
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
      body: JSON.stringify({ count: 50, properties: { dvdCount: 0 }, generateStarterDocument: false }),
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
    `CPU ${Math.round(measured.cpuPerRequest).toString().padStart(5)} µs/request`,
  ].join('  ');
}

/**
 * One portal row: its ratios against the floor and against its minimal code in the same run (with
 * the turns' range), the issue's goal for it and the verdict.
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
  const turnRatios = measured.turns.map(
    (turn, index) => turn.requestsPerSecond / minimal.turns[index]!.requestsPerSecond,
  );
  const p99Times = measured.p99 / Math.max(1, minimal.p99);
  const parts = [
    figures(name, measured),
    `${ratio(floor).toFixed(3)} of bare`,
    `${ratio(minimal).toFixed(2)} of minimal (turns ${Math.min(...turnRatios).toFixed(2)}–${Math.max(...turnRatios).toFixed(2)}), p99 ${p99Times.toFixed(2)} ×`,
    `minimal's CPU per request ${(minimal.cpuPerRequest / measured.cpuPerRequest).toFixed(2)} of its`,
  ];
  if (goal) {
    const wanted: string[] = [];
    const missed: string[] = [];
    if (goal.ratio) {
      wanted.push(`≥ ${goal.ratio.atLeast} of ${goal.ratio.of}`);
      if (ratio(of[goal.ratio.of]) < goal.ratio.atLeast) missed.push('throughput');
    }
    if (goal.p99AtMostTimes !== undefined) {
      wanted.push(`p99 ≤ ${goal.p99AtMostTimes} × minimal's`);
      if (p99Times > goal.p99AtMostTimes) missed.push('p99');
    }
    parts.push(`goal ${wanted.join(', ')}: ${missed.length ? `MISSED ${missed.join(', ')}` : 'met'}`);
  }
  parts.push(`${measured.refused} × 429${measured.refused ? ' (one busy address refused!)' : ''}`);
  if (measured.errors) parts.push(`${measured.errors} errors!`);
  return parts.join('  ');
}

export async function run(): Promise<void> {
  console.log(
    `\n# Sign-in benchmark (${CONNECTIONS} connections, ${ROUNDS} turns of ${turnSeconds()} s each after ${WARM_UP_SECONDS} s warm-up, loopback; load ${loadAverage()})`,
  );
  console.log(
    '  Note: AUTH_CLIENT_LIMIT is raised to 1,000,000/min: all load comes from one client address.',
  );
  const [barePort, portalPort, referencePort] = [await freePort(), await freePort(), await freePort()];
  const bare = await startReferenceServer('bare-server.ts', barePort);
  const floor = await load(
    `http://127.0.0.1:${barePort}/`,
    () => JSON.stringify({ key: 'ABCDEFGHJKLM' }),
    bare.pid!,
  );
  await stop(bare);
  console.log(figures('bare node:http JSON POST (floor)', floor));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-'));
  const referenceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-reference-'));
  const backends: Backend[] = [
    {
      name: 'pglite',
      environment: { DATA_DIR: dataDir },
      // A copy of the portal's database, made once it is seeded: PGlite serves one process.
      reference: { PGLITE_DIR: path.join(referenceDir, 'db') },
      copy: { from: path.join(dataDir, 'db'), to: path.join(referenceDir, 'db') },
    },
  ];
  const databaseUrl = process.env['BENCH_BACKENDS'] === 'pglite' ? undefined : await postgresUrl();
  if (databaseUrl) {
    const environment = { DATABASE_URL: databaseUrl };
    backends.push({ name: 'postgres', environment, reference: environment });
  } else console.log('  (no PostgreSQL server reachable: PostgreSQL part skipped)');

  try {
    for (const backend of backends) {
      const environment = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        JWT_SECRET,
        SHOP_WEBHOOK_SECRET: 'benchWebhookSecret01234567890123',
        SHOP_CART_SIGNING_KEY: 'benchCartSigningKey0123456789012345',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        AUTH_CLIENT_LIMIT: '1000000',
        WORKER: process.env['BENCH_WORKER'] ?? 'inline',
        ...backend.environment,
      };
      let portal = await startPortal(portalPort, environment);
      let licenses: { key: string; startCode: string }[];
      try {
        licenses = await seed(`http://127.0.0.1:${portalPort}`);
      } catch (error) {
        await stop(portal);
        throw error;
      }
      if (backend.copy) {
        await stop(portal);
        fs.cpSync(backend.copy.from, backend.copy.to, { recursive: true });
        portal = await startPortal(portalPort, environment);
      }
      let next = 0;
      const pick = () => licenses[next++ % licenses.length]!;
      const statusBody = () => JSON.stringify({ key: pick().key });
      const loginBody = () => {
        const license = pick();
        return JSON.stringify({ key: license.key, authenticationCode: license.startCode });
      };
      // Minimal code beside the portal, on the same data: each is measured in turns with the other
      // idle, so a change of the machine's load in between meets both alike.
      const reference = await startReferenceServer('minimal-server.ts', referencePort, {
        JWT_SECRET,
        ...backend.reference,
      });
      let measured: Record<'status' | 'minimal' | 'login' | 'reference', Measurement>;
      try {
        measured = await inTurns({
          status: {
            url: `http://127.0.0.1:${portalPort}/api/v1/auth/license-status`,
            body: statusBody,
            pid: portal.pid!,
          },
          minimal: { url: `http://127.0.0.1:${referencePort}/`, body: statusBody, pid: reference.pid! },
          login: {
            url: `http://127.0.0.1:${portalPort}/api/v1/auth/license`,
            body: loginBody,
            pid: portal.pid!,
          },
          reference: { url: `http://127.0.0.1:${referencePort}/login`, body: loginBody, pid: reference.pid! },
        });
        assertRunning(portal);
      } finally {
        await stop(reference);
        await stop(portal);
      }
      const { status, minimal, login, reference: minimalLogin } = measured;
      const name = backend.name;
      const goal = (row: string) => GOALS[`${row}/${name}`];
      console.log(portalRow(`license-status, ${name}`, status, floor, minimal, goal('status')));
      console.log(portalRow(`license login, ${name}`, login, floor, minimalLogin, goal('login')));
      const ofBare = (reference: Measurement) =>
        (reference.requestsPerSecond / floor.requestsPerSecond).toFixed(3);
      console.log(`${figures('  minimal Fastify + key lookup', minimal)}  ${ofBare(minimal)} of bare`);
      console.log(`${figures('  minimal login', minimalLogin)}  ${ofBare(minimalLogin)} of bare`);
    }
  } finally {
    // The two copies of the embedded database (some 40 MB each) go with the run.
    for (const directory of [dataDir, referenceDir]) fs.rmSync(directory, { recursive: true, force: true });
  }
  console.log(`  load at the end: ${loadAverage()}`);
}

if (import.meta.filename === process.argv[1]) await run();
