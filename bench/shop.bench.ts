/**
 * Shop orders through the real portal (child process, PGlite, inline worker, loopback):
 * - a 50-license order: time from the webhook to all its deliveries completed (target < 5 s);
 * - 1,000 distinct small orders posted by 20 connections: orders/s and the p99 of the webhook's
 *   answer (which must not wait for the generation), beside a bare node:http endpoint that only
 *   checks the same HMAC signature (the floor), measured in the same run.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { shopProducts, type ResellerLicense } from '@lizenzportal/domain';
import { DEFAULT_SHOP_PRODUCT_IDS } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/database.ts';
import { simulatedWooCommerceOrder } from '../apps/server/src/modules/shop/simulated-order.ts';
import { assertRunning, startPortal, startReferenceServer, stop } from './lib/processes.ts';

export const SECRET = 'benchWebhookSecret01234567890123';
export const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
/** `SHOP_BENCH_ORDERS` raises it to look for trouble under more load. */
const SMALL_ORDERS = Number(process.env.SHOP_BENCH_ORDERS ?? 1_000);
const CONNECTIONS = 20;
const LARGE_ORDER_LICENSES = 50;
const LARGE_ORDER_TARGET_MS = 5_000;
const PORTAL = 'http://127.0.0.1:3912';

const FIXTURE = JSON.parse(
  fs.readFileSync(
    path.join(import.meta.dirname, '../apps/server/src/modules/shop/fixtures/woocommerce-order-paid.json'),
    'utf8',
  ),
) as Record<string, unknown>;

/** The fixture order with its own number and these product lines. */
function order(number: number, lines: { sku: string; productId: number; quantity: number }[]): string {
  return JSON.stringify({
    ...FIXTURE,
    id: number,
    number: String(number),
    line_items: lines.map((line, index) => ({
      id: number * 10 + index,
      name: line.sku,
      product_id: line.productId,
      variation_id: 0,
      sku: line.sku,
      quantity: line.quantity,
      meta_data: [],
    })),
  });
}

export const signed = (body: string) => ({
  'content-type': 'application/json',
  'x-wc-webhook-signature': crypto.createHmac('sha256', SECRET).update(body).digest('base64'),
});

interface Throughput {
  ordersPerSecond: number;
  p99: number;
  errors: { failed: number; non2xx: number; timeouts: number };
}

/** Posts SMALL_ORDERS distinct signed orders (one personal license each), numbered from `first`. */
async function postOrders(url: string, first: number): Promise<Throughput> {
  let next = first;
  const started = performance.now();
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    amount: SMALL_ORDERS,
    requests: [
      {
        setupRequest: (request) => {
          const body = order(next++, [{ sku: 'M9-PER', productId: 802, quantity: 1 }]);
          return { ...request, body, headers: signed(body) };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    ordersPerSecond: result.requests.sent / seconds,
    p99: result.latency.p99,
    errors: { failed: result.errors, non2xx: result.non2xx, timeouts: result.timeouts },
  };
}

export async function adminToken(portal = PORTAL): Promise<string> {
  const response = await fetch(`${portal}/api/v1/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/**
 * The reseller order of the issue (DESIGN §5–§6): the session the assistant makes of a reseller's
 * lines, LARGE_ORDER_LICENSES licenses in all, and the paid order the shop makes of its cart —
 * built by `/shop-demo`'s own simulated-order builder from the products the assistant hands over.
 */
export async function resellerOrder(
  portal = PORTAL,
  licenses = LARGE_ORDER_LICENSES,
  orderId = 900_001,
): Promise<string> {
  const line = (
    uid: string,
    licenseClass: 'pro' | 'personal',
    size: number,
    dvdCount: number,
    quantity: number,
  ): ResellerLicense => ({
    uid,
    class: licenseClass,
    properties: { size, dvdCount, delivery: 'download', licenseType: 'full' },
    version: '9',
    customerReference: `Schule ${uid}`,
    quantity,
  });
  const resellerLicenses = [
    line('1', 'pro', 3, 1, licenses / 2),
    line('2', 'pro', 25, 2, licenses / 5),
    line('3', 'personal', 1, 0, licenses - licenses / 2 - licenses / 5),
  ];
  const response = await fetch(`${portal}/api/v1/upgrade-session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      purchaseType: 'reseller',
      originalLicenses: [],
      accessTokens: [],
      fromVersion: null,
      toVersion: '9',
      properties: null,
      billing: { countryCode: 'DE' },
      shipToDifferentAddress: false,
      shipping: null,
      resellerLicenses,
    }),
  });
  if (response.status !== 201) throw new Error(`the reseller session was refused: ${await response.text()}`);
  const { session, token } = (
    (await response.json()) as { data: { session: { _id: string }; token: string } }
  ).data;
  const order = simulatedWooCommerceOrder(
    {
      products: shopProducts({ purchaseType: 'reseller', resellerLicenses }, DEFAULT_SHOP_PRODUCT_IDS),
      sessionId: session._id,
      sessionToken: token,
      offerToken: null,
      billing: { name: 'Medienzentrum Musterstadt', email: 'einkauf@example.com', countryCode: 'DE' },
      purchaseType: 'reseller',
    },
    { id: orderId, productIds: DEFAULT_SHOP_PRODUCT_IDS, paidAt: new Date() },
  );
  return JSON.stringify(order);
}

/** A delivery of an order as the back office reads it: what the shop benchmarks wait for and print. */
export interface OrderDelivery {
  progress: string;
  error: string | null;
  documents: string[];
  documentsLink: { url: string } | null;
}

/**
 * Posts a paid order to the portal's webhook and waits until its generation and every delivery
 * have completed, polling the back office (each poll costs the portal a little: not more often
 * than `pollMs`): the time from the webhook, the licenses made and the deliveries.
 */
export async function orderDelivered(
  portal: string,
  token: string,
  body: string,
  pollMs: number,
): Promise<{ ms: number; licenses: number; deliveries: OrderDelivery[] }> {
  const started = performance.now();
  const response = await fetch(`${portal}/api/v1/shop/webhook`, {
    method: 'POST',
    headers: signed(body),
    body,
  });
  const { orderGeneration } = ((await response.json()) as { data: { orderGeneration: string } }).data;
  const get = async <T>(route: string) =>
    (
      (await (
        await fetch(`${portal}/api/v1/order-generation/${orderGeneration}${route}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: T }
    ).data;
  for (;;) {
    const { orderGeneration: generation } = await get<{
      orderGeneration: { progress: string; licenses: string[]; error: string | null };
    }>('');
    if (generation.progress === 'failed') throw new Error(`the order failed: ${generation.error}`);
    const { deliveries } = await get<{ deliveries: OrderDelivery[] }>('/delivery');
    const failed = deliveries.find((delivery) => delivery.progress === 'failed');
    if (failed) throw new Error(`the order's mail failed: ${failed.error}`);
    if (
      generation.progress === 'completed' &&
      deliveries.length > 0 &&
      deliveries.every((delivery) => delivery.progress === 'completed')
    ) {
      return { ms: performance.now() - started, licenses: generation.licenses.length, deliveries };
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Webhook to all deliveries completed, for the reseller order of LARGE_ORDER_LICENSES licenses. */
async function largeOrder(token: string): Promise<{ ms: number; licenses: number }> {
  const { ms, licenses } = await orderDelivered(PORTAL, token, await resellerOrder(), 50);
  return { ms, licenses };
}

/** Whether a generation is still in progress, from the back office's list. */
async function anyInProgress(token: string): Promise<boolean> {
  const response = await fetch(`${PORTAL}/api/v1/order-generation?progress=in-progress&limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { total: number } }).data.total > 0;
}

/** Waits until no generation is in progress; how long it took, in seconds. */
async function drain(token: string, portal: ChildProcess): Promise<number> {
  const started = performance.now();
  while (await anyInProgress(token)) {
    assertRunning(portal);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return (performance.now() - started) / 1000;
}

/** The generations by progress, counted in the stopped portal's database (lists count up to a limit). */
async function generationsByProgress(options: DatabaseOptions): Promise<Record<string, number>> {
  const database = await openDatabase(options);
  try {
    const rows = await database.db
      .selectFrom('order_generation')
      .select(['progress', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('progress')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.progress, Number(row.count)]));
  } finally {
    await database.close();
  }
}

/** A fresh, empty database on the server of `serverUrl` for one run, and its address. */
async function freshPostgresDatabase(serverUrl: string): Promise<string> {
  const name = 'lizenzportal_bench_shop';
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One portal on one backend: the reseller order, then the small orders, then every generation done. */
async function measurePortal(
  backend: string,
  floor: Throughput,
  databaseUrl: string | undefined,
): Promise<void> {
  console.log(`  ${backend}:`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-shop-'));
  const database: DatabaseOptions = databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'db') };
  const portal = await startPortal(3912, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-'.repeat(8),
    SHOP_WEBHOOK_SECRET: SECRET,
    SHOP_CART_SIGNING_KEY: 'benchCartSigningKey0123456789012345',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    WORKER: 'inline',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const token = await adminToken();
    const large = await largeOrder(token);
    assertRunning(portal);
    console.log(
      `    reseller order of ${LARGE_ORDER_LICENSES} licenses, webhook to all deliveries completed: ${Math.round(large.ms)} ms ` +
        `(${large.licenses} licenses; target < ${LARGE_ORDER_TARGET_MS} ms${large.ms < LARGE_ORDER_TARGET_MS ? '' : ' MISSED'})`,
    );
    const portalThroughput = await postOrders(`${PORTAL}/api/v1/shop/webhook`, 100_001);
    assertRunning(portal);
    console.log(`    ${SMALL_ORDERS} distinct one-license orders, ${CONNECTIONS} connections:`);
    console.log(line('bare node:http, HMAC check only (floor)', floor, floor));
    console.log(line('portal webhook (stored, job queued)', portalThroughput, floor));
    const drainSeconds = await drain(token, portal);
    await stop(portal);
    const counts = await generationsByProgress(database);
    const expected = SMALL_ORDERS + 1;
    console.log(
      `    every generation done ${drainSeconds.toFixed(1)} s after the last webhook: ${counts.completed ?? 0} of ` +
        `${expected} completed${counts.completed === expected ? '' : `  INCOMPLETE! ${JSON.stringify(counts)}`}`,
    );
  } finally {
    try {
      await stop(portal);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

function line(name: string, measured: Throughput, floor: Throughput): string {
  const { failed, non2xx, timeouts } = measured.errors;
  const errors = failed + non2xx + timeouts;
  return (
    `    ${name.padEnd(44)} ${measured.ordersPerSecond.toFixed(0).padStart(6)} orders/s  p99 ${String(measured.p99).padStart(4)} ms` +
    `  ${(measured.ordersPerSecond / floor.ordersPerSecond).toFixed(3)} × floor` +
    (errors ? `  ${errors} errors! (${failed} failed, ${non2xx} non-2xx, ${timeouts} timeouts)` : '')
  );
}

/** With DATABASE_URL (a PostgreSQL server), the portal is measured on it too, in a database of its own. */
export async function run(): Promise<void> {
  console.log(
    `\n# Shop orders (inline worker, loopback; load: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
  );
  const floorServer = await startReferenceServer('hmac-server.ts', 3911, { SHOP_WEBHOOK_SECRET: SECRET });
  const floor = await postOrders('http://127.0.0.1:3911/', 1);
  await stop(floorServer);
  // The portals get this process's environment: the PGlite one must not see the server's address.
  const serverUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  await measurePortal('PGlite', floor, undefined);
  if (serverUrl) await measurePortal('PostgreSQL', floor, await freshPostgresDatabase(serverUrl));
  else console.log('  PostgreSQL: not measured (set DATABASE_URL to a server to compare)');
}

if (import.meta.filename === process.argv[1]) await run();
