/**
 * Shop orders through the real portal (child process, PGlite, inline worker, loopback):
 * - a 50-license order: time from the webhook to all its deliveries completed (target < 5 s);
 * - 1,000 distinct small orders posted by 20 connections: orders/s and the p99 of the webhook's
 *   answer (which must not wait for the generation), beside a bare node:http endpoint that only
 *   checks the same HMAC signature (the floor), measured in the same run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startPortal, startReferenceServer, stop } from './lib/processes.ts';

const SECRET = 'bench-webhook-secret';
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const SMALL_ORDERS = 1_000;
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

const signed = (body: string) => ({
  'content-type': 'application/json',
  'x-wc-webhook-signature': crypto.createHmac('sha256', SECRET).update(body).digest('base64'),
});

interface Throughput {
  ordersPerSecond: number;
  p99: number;
  errors: number;
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
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

async function adminToken(): Promise<string> {
  const response = await fetch(`${PORTAL}/api/v1/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Webhook to all deliveries completed, for one order of LARGE_ORDER_LICENSES personal licenses. */
async function largeOrder(token: string): Promise<{ ms: number; licenses: number }> {
  const body = order(900_001, [{ sku: 'M9-PER', productId: 802, quantity: LARGE_ORDER_LICENSES }]);
  const started = performance.now();
  const response = await fetch(`${PORTAL}/api/v1/shop/webhook`, {
    method: 'POST',
    headers: signed(body),
    body,
  });
  const { orderGeneration } = ((await response.json()) as { data: { orderGeneration: string } }).data;
  const get = async <T>(route: string) =>
    (
      (await (
        await fetch(`${PORTAL}/api/v1/order-generation/${orderGeneration}${route}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: T }
    ).data;
  for (;;) {
    const { orderGeneration: generation } = await get<{
      orderGeneration: { progress: string; licenses: string[] };
    }>('');
    const { deliveries } = await get<{ deliveries: { progress: string }[] }>('/delivery');
    if (generation.progress === 'failed') throw new Error('the 50-license order failed');
    if (
      generation.progress === 'completed' &&
      deliveries.length > 0 &&
      deliveries.every((delivery) => delivery.progress === 'completed')
    ) {
      return { ms: performance.now() - started, licenses: generation.licenses.length };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function run(): Promise<void> {
  console.log(
    `\n# Shop orders (PGlite, inline worker, loopback; load: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
  );
  const floorServer = await startReferenceServer('hmac-server.ts', 3911, { SHOP_WEBHOOK_SECRET: SECRET });
  const floor = await postOrders('http://127.0.0.1:3911/', 1);
  await stop(floorServer);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-shop-'));
  const portal = await startPortal(3912, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-'.repeat(8),
    SHOP_WEBHOOK_SECRET: SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    DATA_DIR: dataDir,
    WORKER: 'inline',
  });
  try {
    const large = await largeOrder(await adminToken());
    console.log(
      `  ${LARGE_ORDER_LICENSES}-license order, webhook to all deliveries completed: ${Math.round(large.ms)} ms ` +
        `(${large.licenses} licenses; target < ${LARGE_ORDER_TARGET_MS} ms${large.ms < LARGE_ORDER_TARGET_MS ? '' : ' MISSED'})`,
    );
    const portalThroughput = await postOrders(`${PORTAL}/api/v1/shop/webhook`, 100_001);
    const line = (name: string, measured: Throughput) =>
      `  ${name.padEnd(44)} ${measured.ordersPerSecond.toFixed(0).padStart(6)} orders/s  p99 ${String(measured.p99).padStart(4)} ms` +
      `  ${(measured.ordersPerSecond / floor.ordersPerSecond).toFixed(3)} × floor${measured.errors ? `  ${measured.errors} errors!` : ''}`;
    console.log(`  ${SMALL_ORDERS} distinct one-license orders, ${CONNECTIONS} connections:`);
    console.log(line('bare node:http, HMAC check only (floor)', floor));
    console.log(line('portal webhook (stored, job queued)', portalThroughput));
  } finally {
    await stop(portal);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await run();
