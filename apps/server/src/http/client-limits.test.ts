import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { getFrom, heapInUse, MB, sampleHeld, slowClient, type SlowClient } from '../test/slow-clients.ts';

const REQUEST_TIMEOUT_MS = 3000;
const PER_CLIENT = 4;
const ctx = useTestApp({
  REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_MS / 1000),
  HEADERS_TIMEOUT_SECONDS: '1',
  CLIENT_UNFINISHED_REQUEST_LIMIT: String(PER_CLIENT),
  // The limit of all clients together is shown in body-limits.test.ts.
  UNFINISHED_BODY_MEGABYTES: '1000',
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

test('oversized headers get the 431 envelope', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/health`, {
    headers: { 'x-padding': 'a'.repeat(20_000) },
  });
  expect(response.status).toBe(431);
  expect(await response.json()).toMatchObject({
    error: { status: 431, code: 'HEADERS_TOO_LARGE', message: 'Die Kopfzeilen der Anfrage sind zu groß.' },
  });
});
