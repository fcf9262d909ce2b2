/**
 * Documents:
 * (a) starter documents per second on one core (one document after another in this thread, CPU
 *     time of this process) with the embedded Unicode font, and bytes per document, beside the same
 *     document with pdfkit's built-in Helvetica (not embedded) as the floor;
 * (b) starter documents per second (wall) through the render pool of worker threads, one per core,
 *     beside one thread rendering one document after another (from (a)) as the floor;
 * (c) the batch download of 1,000 license documents as ZIP and as merged PDF through the real HTTP
 *     endpoint (app in this process, render pool, PGlite in memory, loopback): once generating
 *     every document on the fly, then with the documents stored. Wall time, time to first byte and
 *     peak RSS (render threads included), beside serving a file of the same size over node:http
 *     (no PDF work) as the floor.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import { exampleLicense, generateLicenseKey, generateStartCode, type License } from '@lizenzportal/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createOrResetAdmin } from '../apps/server/src/modules/auth/admin-accounts.ts';
import { AdminRepository } from '../apps/server/src/modules/auth/admin-repository.ts';
import type { Branding } from '../apps/server/src/modules/documents/render/branding.ts';
import {
  loadUnicodeFonts,
  STANDARD_FONTS,
  type FontSet,
} from '../apps/server/src/modules/documents/render/fonts.ts';
import { PooledDocumentRenderer } from '../apps/server/src/modules/documents/render/pooled-renderer.ts';
import { renderStarterDocument } from '../apps/server/src/modules/documents/render/starter-document.ts';

const RENDER_SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
/** Before each measurement: the JIT compiles the hot paths, the caches fill. */
const WARM_UP_SECONDS = 1;
const BATCH_SIZE = 1000;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
const TARGETS = {
  docsPerSecond: 200,
  bytesPerDocument: 60 * 1024,
  wallMs: 10_000,
  firstByteMs: 500,
  rssMb: 300,
};

const branding: Branding = {
  vendorName: 'Symbolsoftware Demo GmbH',
  vendorAddress: 'Musterstraße 1, 12345 Musterstadt, Deutschland',
  supportEmail: 'support@example.com',
  shopUrl: 'https://shop.example',
  portalUrl: 'https://lizenzen.example',
  logo: undefined,
};

/** A fresh unbound license each time: keys and codes differ from document to document, as in life. */
function sampleLicense(): License {
  const startCode = generateStartCode();
  return exampleLicense({ key: generateLicenseKey(), startCode, authenticationCode: startCode });
}

interface RenderMeasurement {
  perCpuSecond: number;
  perWallSecond: number;
  bytes: number;
}

/** Calls `render` for `seconds`, keeping `inFlight` calls under way; returns how many completed. */
async function renderFor(seconds: number, inFlight: number, render: () => Promise<Uint8Array>) {
  const started = performance.now();
  let documents = 0;
  let bytes = 0;
  const worker = async () => {
    while (performance.now() - started < seconds * 1000) {
      bytes += (await render()).length;
      documents++;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { documents, bytes, wallSeconds: (performance.now() - started) / 1000 };
}

async function measureRendering(fonts: FontSet): Promise<RenderMeasurement> {
  const style = { branding, fonts };
  const render = () => renderStarterDocument(style, sampleLicense(), new Date());
  await renderFor(WARM_UP_SECONDS, 1, render);
  const cpu = process.cpuUsage();
  const { documents, bytes, wallSeconds } = await renderFor(RENDER_SECONDS, 1, render);
  const used = process.cpuUsage(cpu);
  return {
    perCpuSecond: documents / ((used.user + used.system) / 1e6),
    perWallSecond: documents / wallSeconds,
    bytes: bytes / documents,
  };
}

/** Documents per second (wall) through the render pool, two per thread under way. */
async function measurePool(threads: number): Promise<number> {
  const renderer = new PooledDocumentRenderer({ branding, fonts: loadUnicodeFonts() }, { threads });
  try {
    await renderer.start();
    const render = () =>
      renderer.render({ kind: 'starter', license: sampleLicense(), createdAt: new Date() });
    await renderFor(WARM_UP_SECONDS, 2 * threads, render);
    const { documents, wallSeconds } = await renderFor(RENDER_SECONDS, 2 * threads, render);
    return documents / wallSeconds;
  } finally {
    await renderer.close();
  }
}

interface TransferMeasurement {
  wallMs: number;
  firstByteMs: number;
  bytes: number;
  /** RSS of this process just before the request and at most while it ran. */
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Sends a request and reads the answer to its end, sampling this process's memory meanwhile. */
async function measureTransfer(url: string, init: RequestInit): Promise<TransferMeasurement> {
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
  try {
    const started = performance.now();
    const response = await fetch(url, init);
    if (!response.ok || !response.body)
      throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    const reader = response.body.getReader();
    let firstByteMs = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += value.length;
    }
    return {
      wallMs: performance.now() - started,
      firstByteMs,
      bytes,
      rssBeforeMb: rssBefore / 2 ** 20,
      peakRssMb: peakRss / 2 ** 20,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The floor: a file of the same size streamed by node:http, read the same way. */
async function measureFileFloor(bytes: number, directory: string): Promise<TransferMeasurement> {
  const file = path.join(directory, 'floor.bin');
  fs.writeFileSync(file, Buffer.alloc(bytes, 0x25));
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/octet-stream' });
    void pipeline(fs.createReadStream(file), response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await measureTransfer(`http://127.0.0.1:${port}/`, { method: 'POST' });
  } finally {
    server.close();
  }
}

const verdict = (ok: boolean) => (ok ? 'ok' : 'BELOW TARGET');

/** Judged on the memory the download adds: the process holds the in-memory PGlite before it starts. */
function transferRow(name: string, measured: TransferMeasurement, floor: TransferMeasurement): string {
  const growthMb = measured.peakRssMb - measured.rssBeforeMb;
  const ok =
    measured.wallMs < TARGETS.wallMs &&
    measured.firstByteMs < TARGETS.firstByteMs &&
    growthMb < TARGETS.rssMb;
  return [
    name.padEnd(34),
    `wall ${(measured.wallMs / 1000).toFixed(2).padStart(6)} s`,
    `first byte ${measured.firstByteMs.toFixed(0).padStart(4)} ms`,
    `peak RSS ${measured.peakRssMb.toFixed(0).padStart(4)} MB (+${growthMb.toFixed(0).padStart(3)})`,
    `${(measured.bytes / 2 ** 20).toFixed(1).padStart(5)} MB`,
    `ratio to floor ${(measured.wallMs / floor.wallMs).toFixed(1).padStart(5)}`,
    verdict(ok),
  ].join('  ');
}

async function renderingBenchmark(): Promise<void> {
  console.log(
    `\n# Starter documents on one core (best of 2 × ${RENDER_SECONDS} s after ${WARM_UP_SECONDS} s warm-up, one after another)`,
  );
  // Alternating, so that neither profits from the other warming up the code they share.
  const best = (a: RenderMeasurement, b: RenderMeasurement) => (a.perCpuSecond >= b.perCpuSecond ? a : b);
  let floor = await measureRendering(STANDARD_FONTS);
  let unicode = await measureRendering(loadUnicodeFonts());
  floor = best(floor, await measureRendering(STANDARD_FONTS));
  unicode = best(unicode, await measureRendering(loadUnicodeFonts()));
  const row = (name: string, measured: RenderMeasurement, target?: boolean) =>
    [
      name.padEnd(40),
      `${measured.perCpuSecond.toFixed(0).padStart(5)} docs/CPU-s`,
      `(${measured.perWallSecond.toFixed(0)} docs/s wall)`,
      `${(measured.bytes / 1024).toFixed(1).padStart(5)} KB/doc`,
      `ratio ${(measured.perCpuSecond / floor.perCpuSecond).toFixed(2)}`,
      target
        ? `(target ≥ ${TARGETS.docsPerSecond} docs/s, ≤ 60 KB) ${verdict(
            measured.perCpuSecond >= TARGETS.docsPerSecond && measured.bytes <= TARGETS.bytesPerDocument,
          )}`
        : '',
    ].join('  ');
  console.log(row('Helvetica, not embedded (floor)', floor));
  console.log(row('DejaVu Sans embedded (Unicode)', unicode, true));

  const threads = os.availableParallelism();
  console.log(`\n# Starter documents through the render pool (${threads} threads, DejaVu Sans embedded)`);
  const pooled = await measurePool(threads);
  console.log(
    [
      'one thread, one after another (floor)'.padEnd(40),
      `${unicode.perWallSecond.toFixed(0).padStart(5)} docs/s wall`,
    ].join('  '),
  );
  console.log(
    [
      `render pool, ${threads} threads`.padEnd(40),
      `${pooled.toFixed(0).padStart(5)} docs/s wall`,
      `ratio ${(pooled / unicode.perWallSecond).toFixed(2)}`,
    ].join('  '),
  );
}

async function batchBenchmark(): Promise<void> {
  console.log(
    `\n# Batch download of ${BATCH_SIZE} license documents (HTTP on loopback, app in this process, PGlite)`,
  );
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-documents-'));
  const rssWithoutDatabase = process.memoryUsage.rss();
  const database = await openDatabase({});
  const databaseMb = (process.memoryUsage.rss() - rssWithoutDatabase) / 2 ** 20;
  await migrate(database.db);
  const config = loadConfig({
    LOG_LEVEL: 'warn',
    DATA_DIR: directory,
    PUBLIC_URL: 'https://lizenzen.example',
    // No job worker polling beside the measurement; only test mode allows that on PGlite.
    NODE_ENV: 'test',
    WORKER: 'off',
  });
  const app = await buildApp({ config, database, jwtSecret: 'bench-documents-'.repeat(4) });
  try {
    await createOrResetAdmin(new AdminRepository(database.db), ADMIN.username, ADMIN.password);
    const { licenses } = app.services;
    const ids: string[] = [];
    while (ids.length < BATCH_SIZE) {
      const created = await licenses.create(
        {
          version: '9',
          properties: { class: 'pro', size: 10, type: 'full', delivery: 'download', dvdCount: 1 },
          specialPermissions: [],
          notes: null,
          generateStarterDocument: false,
          count: 50,
        },
        { typeOfEntry: 'manual', entryReference: 'bench' },
      );
      ids.push(...created.map((license) => license._id));
    }
    await database.db
      .updateTable('license')
      .set({
        status: 'bound',
        holder_type: 'organization',
        holder_name: sql<string>`'Nguyễn Thị Ørsted ' || substr(key, 1, 4)`,
        authentication_code: sql<string>`'Nguyễn Thị Ørsted ' || substr(key, 1, 4)`,
        holder_email: 'lizenzen@example.com',
        holder_contact: 'Łukasz Çelik',
        bound_at: sql<Date>`now()`,
      })
      .execute();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${base}/api/v1/auth/admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const request = (format: 'zip' | 'pdf') =>
      measureTransfer(`${base}/api/v1/batch-download/license-documents/license/${format}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ licenses: ids }),
      });

    const forgetDocuments = () =>
      database.db.updateTable('license').set({ license_document: null }).execute();
    const results: [string, TransferMeasurement][] = [];
    results.push(['ZIP, generated on the fly', await request('zip')]);
    results.push(['ZIP, documents stored', await request('zip')]);
    results.push(['merged PDF, documents stored', await request('pdf')]);
    await forgetDocuments();
    results.push(['merged PDF, generated on the fly', await request('pdf')]);
    const floor = await measureFileFloor(results[1]![1].bytes, directory);
    console.log(
      [
        'same bytes from a file (floor)'.padEnd(34),
        `wall ${(floor.wallMs / 1000).toFixed(2).padStart(6)} s`,
        `first byte ${floor.firstByteMs.toFixed(0).padStart(4)} ms`,
      ].join('  '),
    );
    for (const [name, measured] of results) console.log(transferRow(name, measured, floor));
    console.log(
      `  Targets: wall < ${TARGETS.wallMs / 1000} s, first byte < ${TARGETS.firstByteMs} ms, RSS growth < ${TARGETS.rssMb} MB.\n` +
        `  RSS is this whole process (app, client, and the in-memory PGlite, which took ${databaseMb.toFixed(0)} MB on opening).`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  await renderingBenchmark();
  await batchBenchmark();
}

if (import.meta.filename === process.argv[1]) await run();
