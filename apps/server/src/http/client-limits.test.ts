import net, { type AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { webhookSignature } from '../modules/shop/signature.ts';
import { orderNumbered } from '../modules/shop/test-orders.ts';
import { useTestApp } from '../test/app.ts';
import { getFrom, heapInUse, MB, sampleHeld, slowClient, type SlowClient } from '../test/slow-clients.ts';

const REQUEST_TIMEOUT_MS = 3000;
const PER_CLIENT = 4;
const WEBHOOK_SECRET = 'client-limits-webhook-secret';
const ctx = useTestApp({
  REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_MS / 1000),
  HEADERS_TIMEOUT_SECONDS: '1',
  CLIENT_UNFINISHED_REQUEST_LIMIT: String(PER_CLIENT),
  // The limit of all clients together is shown in body-limits.test.ts.
  UNFINISHED_BODY_MEGABYTES: '1000',
  SHOP_WEBHOOK_SECRET: WEBHOOK_SECRET,
});

let port: number;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.app.server.closeAllConnections());

test('slow bodies are cut off at the request timeout with a 408 envelope, and what they held is freed', async () => {
  const before = { heap: heapInUse(), rss: process.memoryUsage().rss };
  // What the bodies hold at most, sampled until the server has cut them all off.
  const sampling = sampleHeld(before.heap);
  // One client per address: the cap per client does not apply, only the timeout.
  const clients = await Promise.all(
    Array.from({ length: 100 }, (_, index) => slowClient(port, `127.0.1.${1 + index}`)),
  );
  const elapsed = await Promise.all(clients.map((client) => client.closed));
  const held = sampling.stop();
  const after = { heap: heapInUse(), rss: process.memoryUsage().rss };

  // The server held the bodies (about 100 MB) until the timeout cut them off …
  expect(held).toBeGreaterThan(50 * MB);
  // Cut off by the request timeout (Node answers 408 for nothing else; without a timeout they stay
  // open for good), not before it. How soon after it depends on the machine: Node checks every half
  // second here, but on a loaded machine this process, client and server alike, runs late.
  expect(Math.min(...elapsed.map((times) => times.sinceFirstByte))).toBeGreaterThanOrEqual(
    REQUEST_TIMEOUT_MS - 100,
  );
  // Nor long after it: Node checks every half second here (half the headers' timeout). Its own
  // default checks every 30 s from the server's start (beforeAll, just before this first test), so
  // without the portal's interval these bodies were cut some 27 s after their last byte; at a load
  // of 20 on two cores, 20 s after the first client began sending.
  expect((ctx.app.server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval).toBe(500);
  expect(Math.max(...elapsed.map((times) => times.sinceLastByte))).toBeLessThan(REQUEST_TIMEOUT_MS + 17_000);
  for (const client of clients) {
    expect(client.answer()).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(client.answer().slice(client.answer().indexOf('\r\n\r\n') + 4))).toMatchObject({
      error: { status: 408, code: 'REQUEST_TIMEOUT', requestId: expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
  }
  // … and nothing of them is left.
  expect(after.heap - before.heap).toBeLessThan(10 * MB);
  console.info(
    `100 slow clients: heap +${(held / MB).toFixed(1)} MB while held, ` +
      `+${((after.heap - before.heap) / MB).toFixed(1)} MB after the cut; ` +
      `RSS ${(before.rss / MB).toFixed(0)} → ${(after.rss / MB).toFixed(0)} MB; ` +
      `cut ${Math.max(...elapsed.map((times) => times.sinceLastByte))} ms after the last byte at most`,
  );
}, 60_000);

test('one client holds at most its cap of unfinished requests: the rest get 429 before any body is read', async () => {
  const sampling = sampleHeld(heapInUse());
  const clients = await Promise.all(Array.from({ length: 40 }, () => slowClient(port, '127.0.9.9')));
  await Promise.all(clients.map((client) => client.closed));
  const held = sampling.stop();

  const refused = clients.filter((client: SlowClient) => client.status() === 429);
  expect(refused).toHaveLength(40 - PER_CLIENT);
  expect(clients.filter((client) => client.status() === 408)).toHaveLength(PER_CLIENT);
  expect(refused[0]!.answer()).toMatch(/retry-after: 1/i);
  expect(refused[0]!.answer()).toContain('"code":"TOO_MANY_REQUESTS"');
  // The cap's bodies (4 MB) and what passes through meanwhile; 40 bodies would be 40 MB.
  expect(held).toBeLessThan(20 * MB);

  // Once they are cut off, the client may send again.
  expect(await getFrom(port, '127.0.9.9', '/api/v1/health')).toMatch(/^HTTP\/1\.1 200 /);
}, 60_000);

/**
 * A signed webhook delivery from `address` whose body arrives in two parts, the second after the
 * arrival grace: it counts as unfinished until its second part is read. Resolves once all is sent;
 * `answer` with the server's answer once the connection closes.
 */
async function webhookInTwoParts(address: string, body: Buffer): Promise<{ answer: Promise<string> }> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
  let received = '';
  const answer = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  await new Promise((connected) => socket.once('connect', connected));
  const half = Math.floor(body.length / 2);
  socket.write(
    'POST /api/v1/shop/webhook HTTP/1.1\r\nHost: portal\r\nConnection: close\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
      `X-WC-Webhook-Signature: ${webhookSignature(body, WEBHOOK_SECRET)}\r\n\r\n`,
  );
  socket.write(body.subarray(0, half));
  await setTimeout(1000);
  socket.write(body.subarray(half));
  await setTimeout(200);
  return { answer };
}

test('a body read whole no longer counts while its answer is pending: the client may send more', async () => {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const { intake } = ctx.app.services.shop;
  const receive = intake.receive.bind(intake);
  // The shop's order is taken in only once every request has been sent.
  vi.spyOn(intake, 'receive').mockImplementation(async (order) => {
    await gate;
    return receive(order);
  });
  const body = Buffer.from(JSON.stringify(orderNumbered(7301, { status: 'pending' })));
  const requests = [];
  for (let index = 0; index <= PER_CLIENT; index++) requests.push(await webhookInTwoParts('127.0.8.8', body));
  release();
  const answers = await Promise.all(requests.map((request) => request.answer));
  expect(answers.map((answer) => answer.slice(0, 12))).toEqual(Array(PER_CLIENT + 1).fill('HTTP/1.1 200'));
}, 60_000);

test('oversized headers get the 431 envelope', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, {
    headers: { 'x-padding': 'a'.repeat(20_000) },
  });
  expect(response.status).toBe(431);
  expect(await response.json()).toMatchObject({
    error: { status: 431, code: 'HEADERS_TOO_LARGE', message: 'Die Kopfzeilen der Anfrage sind zu groß.' },
  });
});
