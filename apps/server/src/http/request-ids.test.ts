import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { webhookSignature } from '../modules/shop/signature.ts';
import { orderNumbered } from '../modules/shop/test-orders.ts';
import { errorOf, testConfig } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { eventually } from '../test/smtp.ts';
import { testLogger } from '../test/error-logs.ts';

const SECRET = 'request-id-webhook-secret';
const PROXY = '10.0.0.1';

let database: Database;
const apps: FastifyInstance[] = [];
/** The JSON lines the logging app wrote, as written and parsed. */
const written: string[] = [];
const lines: Record<string, unknown>[] = [];
let direct: FastifyInstance;
let behindProxy: FastifyInstance;
let logging: FastifyInstance;

async function appWith(environment: Record<string, string>, logger = testLogger()) {
  const config = testConfig(environment);
  const app = await buildApp({ config, database, jwtSecret: 'x'.repeat(48), logger });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  direct = await appWith({});
  behindProxy = await appWith({ TRUST_PROXY: PROXY });
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  logging = await appWith(
    { WORKER: 'inline', LOG_LEVEL: 'info', SHOP_WEBHOOK_SECRET: SECRET, SHOP_ORDER_RETRY_LIMIT: '0' },
    createLogger({ logLevel: 'info' }, capture),
  );
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

const health = (app: FastifyInstance, remoteAddress: string, requestId?: string) =>
  app.inject({
    method: 'GET',
    url: '/api/v1/health',
    remoteAddress,
    headers: requestId ? { 'x-request-id': requestId } : {},
  });

test('every answer names its request with an id of its own; an error envelope names the same', async () => {
  const [first, second] = [await health(direct, '127.0.0.1'), await health(direct, '127.0.0.1')];
  expect(first.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  expect(second.headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);

  const missing = await direct.inject({ method: 'GET', url: '/api/v1/no-such-route' });
  expect(missing.json().error.requestId).toBe(missing.headers['x-request-id']);
  expect(errorOf(missing)).toMatchObject({ status: 404 });
});

test("a client's own X-Request-Id is not taken; a trusted proxy's is, if it is plain", async () => {
  expect((await health(direct, PROXY, 'proxy-id-1')).headers['x-request-id']).not.toBe('proxy-id-1');
  expect((await health(behindProxy, PROXY, 'proxy-id-1')).headers['x-request-id']).toBe('proxy-id-1');
  // Anyone else in front of the same server, or a value that would garble a log line.
  expect((await health(behindProxy, '10.0.0.2', 'proxy-id-2')).headers['x-request-id']).not.toBe(
    'proxy-id-2',
  );
  for (const odd of ['two words', 'x'.repeat(129), 'quote"d']) {
    expect((await health(behindProxy, PROXY, odd)).headers['x-request-id']).toMatch(/^[0-9a-f]{16}$/);
  }
});

test('every log line of a request and of the jobs it queued names the request', async () => {
  const order = orderNumbered(7100);
  order.line_items![0] = { ...order.line_items![0]!, sku: 'M9-XXL', product_id: 999, name: 'Riesenlizenz' };
  const body = JSON.stringify(order);
  const response = await logging.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': 'order.updated',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-signature': webhookSignature(body, SECRET),
    },
  });
  expect(response.statusCode).toBe(200);
  const requestId = response.headers['x-request-id'];
  // The generation job fails the order (an unknown product) in the worker of this process.
  await eventually(() => lines.find((line) => line['msg'] === 'order generation failed'), 30_000);

  const ofRequest = lines.filter((line) => line['reqId'] === requestId).map((line) => line['msg']);
  expect(ofRequest).toEqual(
    expect.arrayContaining([
      'incoming request',
      'shop order accepted',
      'request completed',
      'order generation failed',
    ]),
  );
  // Named once per line, also where the request's own logger wrote it.
  const namingIt = written.filter((line) => line.includes(`"${requestId}"`));
  expect(namingIt.map((line) => line.split('"reqId"').length - 1)).toEqual(namingIt.map(() => 1));
});
