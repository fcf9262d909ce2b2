/**
 * The scaled-out layout, run (decision 038): two portal processes (`WORKER=off`) behind a reverse
 * proxy that probes their readiness, two `npm run worker` processes, one PostgreSQL database, S3
 * (the S3 test server) and an SMTP relay (the SMTP test server). 200 shop orders are posted through
 * the proxy while one portal process and one worker are killed (SIGKILL) and started again. Runs
 * in the `server-pg` project only: separate workers need a database server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { deliveryFailureMessages } from '@lizenzportal/domain';
import type { Database } from '../db/database.ts';
import { parseS3Url, S3FileStorage } from '../lib/storage/s3-file-storage.ts';
import { webhookSignature } from '../modules/shop/signature.ts';
import { orderNumbered } from '../modules/shop/test-orders.ts';
import { createTestDatabase } from '../test/database.ts';
import {
  atFaultHeartbeat,
  FAULT_HEARTBEAT,
  faultEnvironment,
  mailsPerDelivery,
  PortalClient,
  startWorker,
  waitFor,
} from '../test/fault.ts';
import {
  freePort,
  killPortalProcesses,
  startPortalProcess,
  waitUntilHealthy,
  type PortalProcess,
} from '../test/process.ts';
import { startReverseProxy } from '../test/reverse-proxy.ts';
import { S3_TEST_CREDENTIALS, startS3Server } from '../test/s3.ts';
import { startSmtpServer } from '../test/smtp.ts';

const onPostgres = process.env['TEST_DB_BACKEND'] === 'postgres';
const ORDERS = 200;
/** Orders in flight at once, as a busy shop sends them. */
const CONCURRENT_ORDERS = 8;
/** The portal process and the worker are killed once this many orders are answered. */
const KILL_AFTER = 40;
/** Sign-ins per minute and client in every process: one budget for all of them. */
const CLIENT_LIMIT = 12;
/** Wrong codes a client may try on one license before it waits (SIGN_IN_POLICY.freeFailures). */
const FREE_FAILURES = 5;
/**
 * A dead worker's jobs are retried once their heartbeat is stale (at the defaults 30 s, found every
 * 15 s: 150 s for all to settle; held at the tests' shorter heartbeat, decision 083).
 */
const SETTLED_WITHIN_MS = atFaultHeartbeat(150_000);
const SECRET = faultEnvironment({})['SHOP_WEBHOOK_SECRET']!;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await killPortalProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDirectory(): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-scaled-out-'));
  cleanups.push(async () => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/** A portal process on its port, with a data directory of its own (nothing is shared on disk). */
async function startPortal(port: number, environment: Record<string, string>): Promise<PortalProcess> {
  const url = `http://127.0.0.1:${port}`;
  const portal = startPortalProcess(
    [process.execPath, 'apps/server/src/server.ts'],
    faultEnvironment({ ...environment, PORT: String(port), DATA_DIR: temporaryDirectory() }),
  );
  await waitUntilHealthy(portal, url, 120_000);
  if (portal.hasExited()) throw new Error(`the portal did not start:\n${portal.output()}`);
  return portal;
}

async function count(database: Database, query: ReturnType<typeof sql<{ count: number }>>): Promise<number> {
  return (await query.execute(database.db)).rows[0]!.count;
}

/** Posts one order as WooCommerce does, again after a 502 (the shop's reconciliation would). */
async function postOrder(proxyUrl: string, number: number, retried: { count: number }): Promise<void> {
  const body = JSON.stringify(orderNumbered(number));
  for (;;) {
    const response = await fetch(`${proxyUrl}/api/v1/shop/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-signature': webhookSignature(body, SECRET),
      },
      body,
    });
    await response.arrayBuffer();
    if (response.ok) return;
    if (response.status !== 502) throw new Error(`order ${number}: ${response.status}`);
    retried.count++;
  }
}

/** One look at a process's readiness: its status, its port refusing the connection, or no answer in 10 s. */
type Observation = number | 'refused' | 'no answer';

/** Readiness of one address, polled until `until` resolves: what a load balancer can observe. */
function observeReadiness(url: string, until: Promise<unknown>): Promise<Observation[]> {
  let done = false;
  void until.then(() => (done = true));
  return (async () => {
    const seen: Observation[] = [];
    while (!done) {
      seen.push(
        await fetch(`${url}/api/v1/health/ready`, { signal: AbortSignal.timeout(10_000) }).then(
          (response) => response.status,
          (error: Error) =>
            (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED'
              ? 'refused'
              : 'no answer',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return seen;
  })();
}

/**
 * The answers in the order they changed, a slow answer (the machine is loaded) left out:
 * [refused, refused, 200, 200] → [refused, 200].
 */
function phases(observations: Observation[]): Observation[] {
  const answered = observations.filter((observation) => observation !== 'no answer');
  return answered.filter((observation, index) => observation !== answered[index - 1]);
}

test.runIf(onPostgres)(
  `${ORDERS} shop orders through two portals and two workers, one of each killed and restarted: each order generated and mailed once`,
  async () => {
    const started = Date.now();
    const database = await createTestDatabase();
    const smtp = await startSmtpServer();
    const s3 = await startS3Server();
    cleanups.push(async () => {
      await smtp.close();
      await s3.close();
      await database.close();
    });
    const environment = {
      DATABASE_URL: (database.pool!.options as { connectionString: string }).connectionString,
      WORKER: 'off',
      SMTP_URL: smtp.url,
      STORAGE_URL: `s3://${s3.bucket}/portal`,
      S3_ENDPOINT: s3.endpoint,
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      AWS_REGION: 'eu-central-1',
      // The proxy on this machine is trusted: the client's address is the one it appends.
      TRUST_PROXY: '127.0.0.1',
      AUTH_CLIENT_LIMIT: String(CLIENT_LIMIT),
      SHUTDOWN_DRAIN_SECONDS: '2',
    };
    const ports = [await freePort(), await freePort()] as const;
    const urls = ports.map((port) => `http://127.0.0.1:${port}`);
    const [first, second] = await Promise.all(ports.map((port) => startPortal(port, environment)));
    const killedPortal = first!;
    const drainedPortal = second!;
    // Workers log at info: their „job worker running” says they take jobs.
    const startRunningWorker = async () => {
      const worker = startWorker({ ...environment, DATA_DIR: temporaryDirectory(), LOG_LEVEL: 'info' });
      await waitFor(
        () => worker.output().includes('job worker running') || worker.hasExited(),
        120_000,
        'a worker running',
      );
      if (worker.hasExited()) throw new Error(`the worker did not start:\n${worker.output()}`);
      return worker;
    };
    const workers = await Promise.all([startRunningWorker(), startRunningWorker()]);
    const proxy = await startReverseProxy(urls, { probeIntervalMs: 100 });
    cleanups.push(() => proxy.close());
    const environmentReady = Date.now();

    // 200 orders, 8 at a time; after the 40th answer a portal process and a worker die.
    const retried = { count: 0 };
    let answered = 0;
    let killed!: () => void;
    const killing = new Promise<void>((resolve) => (killed = resolve));
    const numbers = Array.from({ length: ORDERS }, (_, index) => 9001 + index);
    const posting = Promise.all(
      Array.from({ length: CONCURRENT_ORDERS }, async () => {
        for (let number = numbers.shift(); number !== undefined; number = numbers.shift()) {
          await postOrder(proxy.url, number, retried);
          if (++answered === KILL_AFTER) killed();
        }
      }),
    );
    // A failed post ends the wait too (and the test, with its error).
    await Promise.race([killing, posting]);
    // Both workers busy: the queue is longer than they can work.
    const activeAtKill = await waitFor(
      async () =>
        (await count(database, sql`select count(*)::int as count from pgboss.job where state = 'active'`)) ||
        undefined,
      30_000,
      'jobs being worked',
    );
    const killedAt = Date.now();
    await Promise.all([killedPortal.kill('SIGKILL'), workers[0]!.kill('SIGKILL')]);
    const restartedWorker = startRunningWorker();
    let restarted!: () => void;
    const restart = new Promise<void>((resolve) => (restarted = resolve));
    const killedReadiness = observeReadiness(urls[0]!, restart);
    // Down long enough for the proxy to notice, and to take orders meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const restartingAt = Date.now();
    await startPortal(ports[0], environment);
    const backAt = Date.now();
    await waitFor(
      () =>
        proxy.probes.some((probe) => probe.upstream === urls[0] && probe.at > backAt && probe.result === 200),
      10_000,
      'the proxy seeing the restarted portal',
    );
    restarted();
    await Promise.all([posting, restartedWorker]);
    const postedAt = Date.now();

    await waitFor(
      async () =>
        (await count(
          database,
          sql`select count(*)::int as count from order_generation where progress = 'completed'`,
        )) === ORDERS &&
        (await count(
          database,
          sql`select count(*)::int as count from delivery where progress = 'in-progress'`,
        )) === 0,
      SETTLED_WITHIN_MS,
      'every order generated and its mail settled',
    );
    const settledAt = Date.now();

    // Every order generated exactly once: one generation, one license with its starter document, one delivery.
    const { rows: generations } = await sql<{ order_number: string; licenses: string[]; deliveries: number }>`
      select g.order_number, g.licenses,
        (select count(*)::int from delivery d where d.order_generation = g.id) as deliveries
      from order_generation g
    `.execute(database.db);
    expect(generations).toHaveLength(ORDERS);
    expect(new Set(generations.map((generation) => generation.order_number)).size).toBe(ORDERS);
    expect(
      generations.every((generation) => generation.licenses.length === 1 && generation.deliveries === 1),
    ).toBe(true);
    expect(await count(database, sql`select count(*)::int as count from license`)).toBe(ORDERS);
    const { rows: documents } = await sql<{ key: string }>`
      select starter_document as key from license where starter_document is not null
    `.execute(database.db);
    expect(documents).toHaveLength(ORDERS);

    // …stored in S3: every starter document is an object of the bucket.
    const bucket = new S3FileStorage(
      new S3Client({
        endpoint: s3.endpoint,
        region: 'eu-central-1',
        forcePathStyle: true,
        credentials: S3_TEST_CREDENTIALS,
      }),
      parseS3Url(environment.STORAGE_URL),
    );
    const missing = [];
    for (const document of documents) if (!(await bucket.exists(document.key))) missing.push(document.key);
    expect(missing).toEqual([]);

    // The killed worker's jobs were taken up again by the others once their heartbeat went stale.
    const resumed = await count(
      database,
      sql`select count(*)::int as count from pgboss.job where retry_count > 0 and state = 'completed'`,
    );
    expect(resumed).toBeGreaterThan(0);

    // Every mail sent once: a delivery whose handover the kill interrupted is failed, never sent twice.
    const { rows: deliveries } = await sql<{ id: string; progress: string; reason: string | null }>`
      select id, progress, error as reason from delivery
    `.execute(database.db);
    const mails = mailsPerDelivery(smtp.received.map((mail) => mail.messageId));
    const inDoubt = deliveries.filter((delivery) => delivery.progress === 'failed');
    for (const delivery of deliveries) {
      if (delivery.progress === 'completed') expect(mails.get(delivery.id), delivery.id).toBe(1);
      else
        expect(delivery.reason?.startsWith(deliveryFailureMessages.handoverInDoubt), delivery.id).toBe(true);
      expect(mails.get(delivery.id) ?? 0).toBeLessThanOrEqual(1);
    }
    // The killed worker sends at most two mails at a time.
    expect(inDoubt.length).toBeLessThanOrEqual(2);
    expect(smtp.received).toHaveLength(
      deliveries.length - inDoubt.filter((delivery) => !mails.has(delivery.id)).length,
    );

    // Readiness of the killed process: SIGKILL leaves nothing to answer, and it listens again only
    // once it is ready, so it is unreachable, then ready — never 503. The proxy sends it nothing
    // from its first failed probe to its first good one; only requests in flight at the kill broke (502).
    const observed = await killedReadiness;
    expect(phases(observed)).toEqual(['refused', 200]);
    const probesOfKilled = proxy.probes.filter((probe) => probe.upstream === urls[0] && probe.at > killedAt);
    const goneAt = probesOfKilled.find((probe) => probe.result !== 200)!.at;
    const readyAgainAt = probesOfKilled.find((probe) => probe.at > goneAt && probe.result === 200)!.at;
    expect(
      proxy.forwarded.filter(
        (request) => request.upstream === urls[0] && request.at > goneAt && request.at < readyAgainAt,
      ),
    ).toEqual([]);
    const broken = proxy.forwarded.filter((request) => request.status === 502);
    expect(broken.every((request) => request.upstream === urls[0] && request.at < goneAt)).toBe(true);
    expect(broken).toHaveLength(retried.count);

    // The client limit is one budget for both processes: of 12 sign-in requests of one client to
    // each process at once, 12 pass in all. (Sent to the processes directly: the proxy's choice
    // follows its probes, and the test trusts this machine as a proxy too.)
    const [license] = await new PortalClient(proxy.url).licenses();
    const statuses = await Promise.all(
      Array.from({ length: 2 * CLIENT_LIMIT }, (_, index) =>
        fetch(`${urls[index % 2]!}/api/v1/auth/license-status`, {
          method: 'POST',
          headers: { 'x-forwarded-for': '203.0.113.7', 'content-type': 'application/json' },
          body: JSON.stringify({ key: license!.key }),
        }).then((response) => response.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(CLIENT_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CLIENT_LIMIT);

    // The sign-in throttle counts one client's wrong codes in both processes, taking turns: the sixth waits.
    const guesses: number[] = [];
    for (let attempt = 0; attempt <= FREE_FAILURES; attempt++) {
      const wrong = String(100000 + attempt) === license!.startCode ? '999999' : String(100000 + attempt);
      const response = await fetch(`${urls[attempt % 2]!}/api/v1/auth/license`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.8', 'content-type': 'application/json' },
        body: JSON.stringify({ key: license!.key, authenticationCode: wrong }),
      });
      await response.arrayBuffer();
      guesses.push(response.status);
    }
    expect(guesses).toEqual([...Array(FREE_FAILURES).fill(401), 429]);

    // A stopped process (SIGTERM) is not ready while it drains: the proxy sends its share elsewhere.
    const stopping = drainedPortal.kill('SIGTERM');
    const drained = observeReadiness(urls[1]!, stopping);
    const during: number[] = [];
    while (!drainedPortal.hasExited()) {
      during.push((await fetch(`${proxy.url}/api/v1/health`)).status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stopping;
    // Ready (or already draining at the first look), then 503 until it stops listening: never ready again.
    const seen = phases(await drained);
    const draining = seen.slice(seen[0] === 200 ? 1 : 0);
    expect(draining[0]).toBe(503);
    expect(draining.slice(1).every((observation) => observation === 'refused')).toBe(true);
    expect(during.every((status) => status === 200)).toBe(true);

    console.info(
      `scaled out: environment ${(environmentReady - started) / 1000} s, ${ORDERS} orders posted ` +
        `${(postedAt - environmentReady) / 1000} s (${retried.count} resent after a 502), ` +
        `killed portal back ${(backAt - restartingAt) / 1000} s after its restart, ` +
        `all settled ${(settledAt - killedAt) / 1000} s after the kill (${activeAtKill} jobs active then, ${resumed} resumed; ${FAULT_HEARTBEAT}), ` +
        `${inDoubt.length} mails in doubt, total ${(Date.now() - started) / 1000} s`,
    );
  },
  300_000,
);
