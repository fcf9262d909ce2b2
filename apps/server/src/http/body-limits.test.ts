import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../test/app.ts';
import { heapInUse, MB, sampleHeld, slowClient, type SlowClient } from '../test/slow-clients.ts';

// Long enough for the refusals to be answered before the held bodies are cut, also on a loaded machine.
const REQUEST_TIMEOUT_MS = 5000;
const PER_CLIENT = 4;
const PROCESS_MB = 16;
// Above the 50 connections of one address below: that test keeps them busy, never 50 idle for long.
const IDLE_PER_CLIENT = 50;
const ctx = useTestApp({
  REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_MS / 1000),
  HEADERS_TIMEOUT_SECONDS: '1',
  CLIENT_UNFINISHED_REQUEST_LIMIT: String(PER_CLIENT),
  UNFINISHED_BODY_MEGABYTES: String(PROCESS_MB),
  CLIENT_IDLE_CONNECTION_LIMIT: String(IDLE_PER_CLIENT),
  // 127.0.0.1 stands in for a reverse proxy: it names IPv6 clients in X-Forwarded-For.
  TRUST_PROXY: '127.0.0.1',
});

let port: number;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.app.server.closeAllConnections());

const statusesOf = (clients: SlowClient[]) =>
  clients.reduce<Record<number, number>>((counts, client) => {
    counts[client.status()] = (counts[client.status()] ?? 0) + 1;
    return counts;
  }, {});

/** A sign-in's first step from `address` (a few dozen bytes of JSON, sent whole). */
function licenseStatus(agent: http.Agent, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        localAddress: address,
        agent,
        method: 'POST',
        path: '/api/v1/auth/license-status',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.once('end', () => resolve(response.statusCode!));
      },
    );
    request.once('error', reject);
    request.end(JSON.stringify({ key: 'ABCD-EFGH-JKLM' }));
  });
}

test('stalled bodies from 50 addresses hold at most the process’s limit: the rest get 503 before their body is read, health and sign-in keep answering', async () => {
  const before = heapInUse();
  const sampling = sampleHeld(before);
  // 50 addresses, each within its own cap of 4: 200 bodies of 1 MB offered.
  const clients = await Promise.all(
    Array.from({ length: 50 * PER_CLIENT }, (_, index) => slowClient(port, `127.0.2.${1 + (index % 50)}`)),
  );
  // Meanwhile the portal answers a health check and a sign-in's small body at once.
  const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
  expect(health.status).toBe(200);
  const agent = new http.Agent();
  expect(await licenseStatus(agent, '127.0.2.200')).toBe(404);
  agent.destroy();
  // Once the refused are answered, what the process holds with the admitted bodies there but the
  // last kilobyte (a full collection: what was read of a refused body and dropped is garbage).
  const unanswered = () => clients.filter((client) => client.status() === 0).length;
  while (unanswered() > PROCESS_MB) await new Promise((resolve) => setTimeout(resolve, 50));
  const retained = heapInUse() - before;
  expect(unanswered(), 'the admitted bodies are still held').toBe(PROCESS_MB);
  await Promise.all(clients.map((client) => client.closed));
  const sampled = sampling.stop();

  // 16 bodies of 1 MB fit the limit and are cut at the request timeout; the rest never started.
  expect(statusesOf(clients)).toEqual({ 408: PROCESS_MB, 503: 50 * PER_CLIENT - PROCESS_MB });
  const refused = clients.find((client) => client.status() === 503)!.answer();
  expect(refused).toContain('"code":"SERVER_BUSY"');
  expect(Number(/retry-after: (\d+)/i.exec(refused)?.[1])).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS / 1000);
  // What was held: the limit's bodies as they are read (strings and the chunks they are made of),
  // the connections' buffers, and whatever else this process (the test files' shared worker)
  // keeps meanwhile. Without the limit the 200 bodies would hold about 200 MB.
  expect(retained).toBeLessThan(2 * PROCESS_MB * MB);
  console.info(
    `${clients.length} stalled bodies from 50 addresses: heap and buffers +${(retained / MB).toFixed(1)} MB held ` +
      `(+${(sampled / MB).toFixed(1)} MB at most with garbage; limit ${PROCESS_MB} MB)`,
  );
}, 60_000);

test('IPv6 clients are capped by their /56, as the other limits count them', async () => {
  // Ten addresses of one /56, named by the trusted proxy (a /128 each would have a cap of its own).
  const sameNetwork = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      slowClient(port, '127.0.0.1', `X-Forwarded-For: 2001:db8:0:1${index.toString(16)}0::${index + 1}\r\n`),
    ),
  );
  const otherNetwork = await slowClient(port, '127.0.0.1', 'X-Forwarded-For: 2001:db8:0:200::1\r\n');
  await Promise.all([...sameNetwork, otherNetwork].map((client) => client.closed));
  expect(statusesOf(sameNetwork)).toEqual({ 408: PER_CLIENT, 429: 10 - PER_CLIENT });
  expect(otherNetwork.status()).toBe(408);
}, 60_000);

test('small requests arriving whole are never refused: 50 connections of one address as fast as they can, also while its slow bodies fill its cap', async () => {
  const stalled = await Promise.all(Array.from({ length: PER_CLIENT }, () => slowClient(port, '127.0.3.1')));
  let capFull = true;
  void Promise.all(stalled.map((client) => client.closed)).then(() => (capFull = false));
  await new Promise((resolve) => setTimeout(resolve, 200));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const started = Date.now();
  // Until the request timeout cuts the slow bodies off, each connection sends one request after another.
  const statuses = (
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const answered: number[] = [];
        while (capFull && answered.length < 40) answered.push(await licenseStatus(agent, '127.0.3.1'));
        return answered;
      }),
    )
  ).flat();
  agent.destroy();
  // The 50 connections may be done (40 requests each) before the request timeout cuts the slow bodies.
  await Promise.all(stalled.map((client) => client.closed));
  expect(stalled.map((client) => client.status())).toEqual(Array(PER_CLIENT).fill(408));
  expect(statuses.length).toBeGreaterThanOrEqual(50);
  expect(statuses.filter((status) => status !== 404)).toEqual([]);
  console.info(
    `${statuses.length} small requests on 50 connections of one address in ${Date.now() - started} ms, none refused`,
  );
}, 60_000);

test('a client keeps a bounded number of idle connections: beyond, its longest-idle one is closed', async () => {
  /** A kept-alive connection from `address` after one answered request; resolves `closed` when the server ends it. */
  const idleConnection = (address: string) =>
    new Promise<{ closed: () => boolean }>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
      let closed = false;
      socket.once('close', () => (closed = true));
      socket.once('error', reject);
      socket.once('data', () => resolve({ closed: () => closed }));
      socket.write('GET /api/v1/health HTTP/1.1\r\nHost: portal\r\n\r\n');
    });
  const busyClient: { closed: () => boolean }[] = [];
  for (let index = 0; index < IDLE_PER_CLIENT + 12; index++)
    busyClient.push(await idleConnection('127.0.4.1'));
  const otherClient = await Promise.all(Array.from({ length: 3 }, () => idleConnection('127.0.4.2')));
  // Within two sweeps of a second, the busy client's connections beyond its cap are closed.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(busyClient.map((connection) => connection.closed())).toEqual([
    ...Array(12).fill(true),
    ...Array(IDLE_PER_CLIENT).fill(false),
  ]);
  expect(otherClient.map((connection) => connection.closed())).toEqual([false, false, false]);
});
