/**
 * Downloads: a 2 GB product file through a signed download link of the real app (in this process,
 * PGlite in memory, loopback), fetched by 4 curl clients at once: throughput, this process's CPU
 * time and the growth of its RSS, beside 4 `cat`s of the same file to /dev/null as the ceiling, and
 * beside 4 clients of a bare node:http file stream (`fs.createReadStream(…).pipe(response)`, 64 KiB
 * chunks) as the floor of what idiomatic Node serves.
 *
 * The file is real bytes, not a sparse file, read once before the runs so it sits in the page
 * cache: an installer is not sparse, and reading a hole maps the kernel's zero page, which flatters
 * `cat`. Cached, neither `cat` nor the server waits for the disk, so the ratio compares serving
 * with reading, not disks. Measured both ways, `cat` ran at the same speed (±noise) on this machine.
 *
 * What the ratio cannot leave out: every byte `cat` reads once, a download copies three times
 * (file → server, server → socket, socket → curl), and the 4 curls compete with the server for the
 * cores. A kernel `sendfile` server (no user-space copy at all) reached about a quarter of `cat`
 * here. The CPU seconds per GB of the server are the figure that the machine's other load disturbs
 * least.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { licenseCreateSchema } from '@lizenzportal/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';

const FILE_SIZE = Number(process.env['BENCH_DOWNLOAD_BYTES'] ?? 2 * 1024 ** 3);
const CLIENTS = 4;
const TARGETS = { ratioOfCat: 0.7, rssGrowthMb: 50 };

/** Runs the commands at once and returns the wall time in seconds. */
async function timed(commands: [string, string[]][]): Promise<number> {
  const started = process.hrtime.bigint();
  await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
          child.once('error', reject);
          child.once('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`)),
          );
        }),
    ),
  );
  return Number(process.hrtime.bigint() - started) / 1e9;
}

const curl = (url: string): [string, string[]] => ['curl', ['-sSf', '-o', '/dev/null', url]];
const gbPerSecond = (seconds: number) => (CLIENTS * FILE_SIZE) / seconds / 1e9;
const cpuPerGb = (seconds: number) => (seconds / ((CLIENTS * FILE_SIZE) / 1e9)).toFixed(2);

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

/** Writes the file with varied bytes (a MiB of them, repeated), so every page is a real page. */
function writeRealFile(file: string, size: number): void {
  const block = Buffer.from(Array.from({ length: 2 ** 20 }, (_, index) => (index * 7919) % 251));
  const descriptor = fs.openSync(file, 'w');
  try {
    for (let written = 0; written < size; written += block.length) {
      fs.writeSync(descriptor, block, 0, Math.min(block.length, size - written));
    }
  } finally {
    fs.closeSync(descriptor);
  }
}

export async function run(): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-downloads-'));
  const database = await openDatabase({ databaseUrl: undefined });
  await migrate(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: directory, WORKER: 'off' });
  const app = await buildApp({ config, database, jwtSecret: 'b'.repeat(48) });
  try {
    // Published like any release, then filled in place with real bytes of the full size.
    const placeholder = path.join(directory, 'Setup.zip');
    fs.writeFileSync(placeholder, 'x');
    const release = await app.services.releases.publish({
      product: 'software-9',
      version: '9.9.9',
      file: placeholder,
    });
    const stored = path.join(directory, 'files', release.file_key);
    writeRealFile(stored, FILE_SIZE);

    const [created] = await app.services.licenses.create(
      licenseCreateSchema.parse({ generateStarterDocument: false, properties: { class: 'pro', size: 5 } }),
      { typeOfEntry: 'manual', entryReference: 'bench' },
    );
    await app.services.licenses.repository.update(created!._id, {
      status: 'bound',
      authentication_code: 'Benchmark-Schule',
      holder_type: 'organization',
      holder_name: 'Benchmark-Schule',
      holder_email: 'bench@example.com',
      holder_contact: 'Bench',
      bound_at: new Date(),
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/v1/auth/license`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: created!.key, authenticationCode: 'Benchmark-Schule' }),
    }).then((response) => response.json() as Promise<{ data: { token: string } }>);
    const links: string[] = [];
    for (let client = 0; client < CLIENTS; client++) {
      const answer = await fetch(`${address}/api/v1/license/${created!._id}/download/software/url`, {
        headers: { authorization: `Bearer ${login.data.token}` },
      }).then((response) => response.json() as Promise<{ data: { url: string } }>);
      // PUBLIC_URL names the default port; the app listens on a free one.
      const url = new URL(answer.data.url);
      links.push(`${address}${url.pathname}${url.search}`);
    }

    // The bare floor: node:http streaming the same file, nothing else.
    const bare = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-length': FILE_SIZE, 'content-type': 'application/zip' });
      void pipeline(fs.createReadStream(stored), response).catch(() => undefined);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

    // Warm up: the whole file into the page cache, the JIT with a small range of each link.
    await timed([['sh', ['-c', 'cat "$0" > /dev/null', stored]]]);
    await timed(links.map((link) => ['curl', ['-sSf', '-o', '/dev/null', '-r', '0-67108863', link]]));

    const catSeconds = await timed(
      Array.from({ length: CLIENTS }, (): [string, string[]] => [
        'sh',
        ['-c', 'cat "$0" > /dev/null', stored],
      ]),
    );
    const bareCpu = process.cpuUsage();
    const bareSeconds = await timed(Array.from({ length: CLIENTS }, () => curl(bareUrl)));
    const bareCpuSeconds = cpuSecondsSince(bareCpu);
    bare.close();

    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
    const portalCpu = process.cpuUsage();
    const portalSeconds = await timed(links.map(curl));
    const portalCpuSeconds = cpuSecondsSince(portalCpu);
    clearInterval(sampler);

    const recorded = await app.services.downloads.repository.ofLicense(created!._id);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && recorded.filter((row) => row.completed_at).length < CLIENTS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      recorded.splice(
        0,
        recorded.length,
        ...(await app.services.downloads.repository.ofLicense(created!._id)),
      );
    }

    const ratio = gbPerSecond(portalSeconds) / gbPerSecond(catSeconds);
    const growthMb = (peakRss - rssBefore) / 2 ** 20;
    console.log(
      `\nDownloads: ${(FILE_SIZE / 1024 ** 3).toFixed(2)} GiB file, ${CLIENTS} clients at once (${os.cpus().length} cores)`,
    );
    console.log(
      `  cat > /dev/null (ceiling)   ${gbPerSecond(catSeconds).toFixed(2)} GB/s  (${catSeconds.toFixed(2)} s)`,
    );
    console.log(
      `  bare node:http stream       ${gbPerSecond(bareSeconds).toFixed(2)} GB/s  (${bareSeconds.toFixed(2)} s, server CPU ${cpuPerGb(bareCpuSeconds)} s/GB)`,
    );
    console.log(
      `  portal signed link          ${gbPerSecond(portalSeconds).toFixed(2)} GB/s  (${portalSeconds.toFixed(2)} s, server CPU ${cpuPerGb(portalCpuSeconds)} s/GB)`,
    );
    console.log(
      `  portal / cat                ${(ratio * 100).toFixed(0)} %  (target ≥ ${TARGETS.ratioOfCat * 100} %) ${ratio >= TARGETS.ratioOfCat ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `  portal / bare node:http     ${((gbPerSecond(portalSeconds) / gbPerSecond(bareSeconds)) * 100).toFixed(0)} %`,
    );
    console.log(
      `  RSS growth while serving    ${growthMb.toFixed(1)} MB  (target < ${TARGETS.rssGrowthMb} MB) ${growthMb < TARGETS.rssGrowthMb ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `  download records completed ${recorded.filter((row) => row.completed_at).length} of ${CLIENTS}, bytes ${recorded.reduce((sum, row) => sum + row.bytes_sent, 0)}`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
