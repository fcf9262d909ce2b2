/**
 * Slow clients against the real portal (child process, loopback, production mode): each announces
 * a body of 1 MB (the body limit), sends all but its last kilobyte and then nothing more. Prints
 * the portal's resident memory (VmRSS) before, while the clients hold their requests and after the
 * request timeout cut them off, for
 * - 100 clients from 100 addresses: no cap per client applies; the process's limit on what
 *   unfinished bodies hold (64 MB) admits 64 and answers the rest 503 at once;
 * - 1000 clients from one address: the cap of unfinished requests per client answers all but 16
 *   with 429 at once;
 * - 1000 clients from 250 addresses (4 each, within every client's cap): the process's limit
 *   alone bounds them (decision 035's bounded figures).
 * Resident memory stays with a process that has freed it; the second figure starts where the
 * first left it.
 * `BENCH_REQUEST_TIMEOUT` (seconds, default 10) shortens the wait; production uses 30.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startPortal, stop } from './lib/processes.ts';

const PORT = 3910;
const MB = 1024 * 1024;
const REQUEST_TIMEOUT_SECONDS = Number(process.env['BENCH_REQUEST_TIMEOUT'] ?? 10);
const BODY = Buffer.alloc(MB - 1024, 'a');

function residentMegabytes(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

interface Outcome {
  status: number;
  closed: Promise<void>;
}

function slowClient(localAddress: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: PORT, localAddress });
    let answer = '';
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {});
    socket.once('connect', () => {
      socket.write(
        `POST /api/v1/shop/webhook HTTP/1.1\r\nHost: portal\r\nContent-Type: application/json\r\nContent-Length: ${MB}\r\n\r\n`,
      );
      socket.write(BODY, () =>
        resolve({
          get status() {
            return Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0);
          },
          closed,
        }),
      );
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function scenario(portal: ChildProcess, name: string, addresses: string[]): Promise<void> {
  await pause(2000);
  const before = residentMegabytes(portal);
  // The highest resident memory while the clients hold their requests, sampled every 100 ms.
  let held = before;
  const sampling = setInterval(() => (held = Math.max(held, residentMegabytes(portal))), 100);
  const clients = await Promise.all(addresses.map(slowClient));
  const started = Date.now();
  await Promise.all(clients.map((client) => client.closed));
  clearInterval(sampling);
  const cutAfter = (Date.now() - started) / 1000;
  const count = (status: number) => clients.filter((client) => client.status === status).length;
  const [perClient, process, timedOut, unanswered] = [count(429), count(503), count(408), count(0)];
  await pause(3000);
  const after = residentMegabytes(portal);
  console.log(
    `  ${name.padEnd(34)} RSS ${before.toFixed(0)} → ${held.toFixed(0)} MB at most (+${(held - before).toFixed(0)})` +
      ` → ${after.toFixed(0)} MB after the cut (+${(after - before).toFixed(0)}); ` +
      `${perClient} × 429 (cap per client) and ${process} × 503 (process limit) before their body was read, ` +
      `${timedOut} cut off with 408 within ${cutAfter.toFixed(1)} s more` +
      (unanswered
        ? `, ${unanswered} closed before their request was read (idle connections beyond the cap)`
        : ''),
  );
}

export async function run(): Promise<void> {
  console.log(
    `\n# Slow clients (1 MB bodies that never finish; request timeout ${REQUEST_TIMEOUT_SECONDS} s, 16 unfinished requests per client, 64 MB of unfinished bodies in all)`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-'));
  const portal = await startPortal(PORT, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-'.repeat(8),
    SHOP_WEBHOOK_SECRET: 'benchWebhookSecret01234567890123',
    SHOP_CART_SIGNING_KEY: 'benchCartSigningKey0123456789012345',
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
    HEADERS_TIMEOUT_SECONDS: String(Math.min(10, REQUEST_TIMEOUT_SECONDS)),
  });
  try {
    // The start's own garbage first: the portal settles before the first figure.
    await pause(8000);
    const many = Array.from({ length: 100 }, (_, index) => `127.0.6.${index + 1}`);
    await scenario(portal, '100 clients from 100 addresses', many);
    await scenario(portal, '1000 clients from one address', Array(1000).fill('127.0.5.5'));
    const spread = Array.from({ length: 1000 }, (_, index) => `127.0.7.${(index % 250) + 1}`);
    await scenario(portal, '1000 clients from 250 addresses', spread);
  } finally {
    await stop(portal);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
