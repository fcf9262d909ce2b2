/**
 * Downloads: a 2 GB product file through a signed download link of the real app (in this process,
 * PGlite in memory, loopback), fetched by 4 curl clients at once: throughput, this process's CPU
 * time and the growth of its RSS, beside 4 `cat`s of the same file to /dev/null as the ceiling
 * (decision 023). Each is measured twice:
 *
 * - cold: the file's pages dropped from the page cache before each run (posix_fadvise
 *   POSIX_FADV_DONTNEED through `dd iflag=nocache count=0`, checked with `fincore`), so `cat` and
 *   the portal read the disk — an installer that is not in memory. The verdict is judged here.
 * - warm: the file in the page cache. `cat > /dev/null` then copies each byte once from memory and
 *   writes nothing; on a quiet machine no server comes near it. Beside it: a zero-copy reference
 *   (a `sendfile(2)` server, bench/lib/sendfile-server.py: no byte through user space, so it shows
 *   what the loopback path allows without the server's copy) and a bare node:http file stream
 *   (`fs.createReadStream(…).pipe()`, the floor of idiomatic Node).
 *
 * The file is real bytes, not a sparse file (reading a hole maps the kernel's zero page, which
 * flatters `cat`), written and synced to disk before the runs.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { licenseCreateSchema } from '@lizenzportal/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { DownloadRepository } from '../apps/server/src/modules/downloads/repository.ts';

const FILE_SIZE = Number(process.env['BENCH_DOWNLOAD_BYTES'] ?? 2 * 1024 ** 3);
const CLIENTS = 4;
const TARGETS = { ratioOfCat: 0.7, rssGrowthMb: 50 };
/** After a drop, at most this share of the file may still be cached, or the cold runs are void. */
const COLD_RESIDENT_SHARE = 0.01;

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
const cats = (file: string) =>
  Array.from({ length: CLIENTS }, (): [string, string[]] => ['sh', ['-c', 'cat "$0" > /dev/null', file]]);
const gbPerSecond = (seconds: number) => (CLIENTS * FILE_SIZE) / seconds / 1e9;
const perGb = (cpu: Cpu): Cpu => ({
  user: cpu.user / ((CLIENTS * FILE_SIZE) / 1e9),
  total: cpu.total / ((CLIENTS * FILE_SIZE) / 1e9),
});

/** CPU seconds of a server: in user space (its own code) and in all (with the kernel's work for it). */
interface Cpu {
  user: number;
  total: number;
}

function cpuSince(start: NodeJS.CpuUsage): Cpu {
  const used = process.cpuUsage(start);
  return { user: used.user / 1e6, total: (used.user + used.system) / 1e6 };
}

/** The CPU seconds a child process has used so far (/proc/<pid>/stat). */
function childCpu(child: ChildProcess): Cpu {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  const user = Number(fields[11]) / ticksPerSecond;
  return { user, total: user + Number(fields[12]) / ticksPerSecond };
}

/** Writes the file with varied bytes (a MiB of them, repeated) and syncs it: real pages on disk. */
function writeRealFile(file: string, size: number): void {
  const block = Buffer.from(Array.from({ length: 2 ** 20 }, (_, index) => (index * 7919) % 251));
  const descriptor = fs.openSync(file, 'w');
  try {
    for (let written = 0; written < size; written += block.length) {
      fs.writeSync(descriptor, block, 0, Math.min(block.length, size - written));
    }
    // Dirty pages cannot be dropped from the cache: the cold runs need them written out.
    fs.fsyncSync(descriptor);
  } finally {
    fs.closeSync(descriptor);
  }
}

/** Bytes of the file in the page cache. */
function residentBytes(file: string): number {
  return Number(
    execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES', file], { encoding: 'utf8' }),
  );
}

/** Drops the file's pages from the page cache (POSIX_FADV_DONTNEED); returns the bytes still cached. */
function dropFromCache(file: string): number {
  execFileSync('dd', [`if=${file}`, 'iflag=nocache', 'count=0', 'status=none']);
  return residentBytes(file);
}

/** Starts the zero-copy reference on the file and returns it with its address. */
async function startSendfileServer(file: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn('python3', [path.join(import.meta.dirname, 'lib/sendfile-server.py'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const port = (await lines.next()).value as string;
  return { child, url: `http://127.0.0.1:${port.trim()}/` };
}

interface Served {
  seconds: number;
  /** The server's CPU seconds per GB sent, all and in user space. */
  cpuPerGb: Cpu;
}

const rate = (seconds: number) => `${gbPerSecond(seconds).toFixed(2)} GB/s (${seconds.toFixed(2)} s)`;
const served = (run: Served) =>
  `${rate(run.seconds)}, server CPU ${run.cpuPerGb.total.toFixed(2)} s/GB (user ${run.cpuPerGb.user.toFixed(2)})`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
const ratioOf = (run: number, ceiling: number) => gbPerSecond(run) / gbPerSecond(ceiling);

export async function run(): Promise<void> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-downloads-'));
  const database = await openDatabase({ databaseUrl: undefined });
  await migrate(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: directory, WORKER: 'off' });
  const app = await buildApp({ config, database, jwtSecret: 'b'.repeat(48) });
  let sendfileServer: ChildProcess | undefined;
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
      licenseCreateSchema().parse({
        generateStarterDocument: false,
        properties: { class: 'pro', size: 5, dvdCount: 0 },
      }),
      { typeOfEntry: 'manual', entryReference: 'bench' },
    );
    await app.services.licenses.bindIfUnbound(created!._id, {
      holderType: 'organization',
      name: 'Benchmark-Schule',
      email: 'bench@example.com',
      contact: 'Bench',
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const login = await fetch(`${address}/api/v1/auth/license`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: created!.key, authenticationCode: 'Benchmark-Schule' }),
    }).then((response) => response.json() as Promise<{ data: { token: string } }>);
    /** A signed link per client, each recorded in the download log like a customer's. */
    const signedLinks = async () => {
      const links: string[] = [];
      for (let client = 0; client < CLIENTS; client++) {
        const answer = await fetch(`${address}/api/v1/license/${created!._id}/download/software/url`, {
          headers: { authorization: `Bearer ${login.data.token}` },
        }).then((response) => response.json() as Promise<{ data: { url: string } }>);
        // PUBLIC_URL names the default port; the app listens on a free one.
        const url = new URL(answer.data.url);
        links.push(`${address}${url.pathname}${url.search}`);
      }
      return links;
    };

    // The bare floor: node:http streaming the same file, nothing else.
    const bare = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-length': FILE_SIZE, 'content-type': 'application/zip' });
      void pipeline(fs.createReadStream(stored), response).catch(() => undefined);
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
    const sendfile = await startSendfileServer(stored);
    sendfileServer = sendfile.child;

    let peakRssGrowth = 0;
    /** 4 clients through the portal's signed links: time, CPU, RSS growth. */
    const portal = async (): Promise<Served> => {
      const links = await signedLinks();
      global.gc?.();
      const rssBefore = process.memoryUsage.rss();
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
      const cpu = process.cpuUsage();
      const seconds = await timed(links.map(curl));
      const used = cpuSince(cpu);
      clearInterval(sampler);
      peakRssGrowth = Math.max(peakRssGrowth, peakRss - rssBefore);
      return { seconds, cpuPerGb: perGb(used) };
    };
    const sendfileRun = async (): Promise<Served> => {
      const before = childCpu(sendfile.child);
      const seconds = await timed(Array.from({ length: CLIENTS }, () => curl(sendfile.url)));
      const after = childCpu(sendfile.child);
      return {
        seconds,
        cpuPerGb: perGb({ user: after.user - before.user, total: after.total - before.total }),
      };
    };

    // Warm up: the whole file into the page cache, the JIT with a small range of each link.
    await timed([['sh', ['-c', 'cat "$0" > /dev/null', stored]]]);
    await timed(
      (await signedLinks()).map((link) => ['curl', ['-sSf', '-o', '/dev/null', '-r', '0-67108863', link]]),
    );

    const warmCat = await timed(cats(stored));
    const bareCpu = process.cpuUsage();
    const bareSeconds = await timed(Array.from({ length: CLIENTS }, () => curl(bareUrl)));
    const bareRun: Served = { seconds: bareSeconds, cpuPerGb: perGb(cpuSince(bareCpu)) };
    bare.close();
    const warmSendfile = await sendfileRun();
    const warmPortal = await portal();

    // Cold: the disk. Each run starts with none of the file cached (verified).
    const leftAfterDrops: number[] = [];
    leftAfterDrops.push(dropFromCache(stored));
    const coldCat = await timed(cats(stored));
    leftAfterDrops.push(dropFromCache(stored));
    const coldSendfile = await sendfileRun();
    leftAfterDrops.push(dropFromCache(stored));
    const coldPortal = await portal();
    const cold = Math.max(...leftAfterDrops) <= COLD_RESIDENT_SHARE * FILE_SIZE;

    const expected = 2 * CLIENTS + CLIENTS; // the warm and cold runs, and the warm-up's ranges
    const completedRecords = async () =>
      (await new DownloadRepository(app.services.database.db).ofLicense(created!._id)).filter(
        (row) => row.completed_at,
      );
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (await completedRecords()).length < 2 * CLIENTS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const whole = (await completedRecords()).filter((row) => row.bytes_sent === FILE_SIZE).length;

    const coldRatio = ratioOf(coldPortal.seconds, coldCat);
    const warmRatio = ratioOf(warmPortal.seconds, warmCat);
    const growthMb = peakRssGrowth / 2 ** 20;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    const lines = [
      `\nDownloads: ${(FILE_SIZE / 1024 ** 3).toFixed(2)} GiB file, ${CLIENTS} clients at once (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})`,
      `  cold — the file's pages dropped before each run (still cached after the drops: ${Math.max(...leftAfterDrops) / 2 ** 20} MiB)`,
      `    cat > /dev/null (ceiling)     ${rate(coldCat)}`,
      `    zero-copy sendfile server     ${served(coldSendfile)}`,
      `    portal signed link            ${served(coldPortal)}`,
      `    portal / cat                  ${percent(coldRatio)}  (target ≥ ${percent(TARGETS.ratioOfCat)}) ${cold ? verdict(coldRatio >= TARGETS.ratioOfCat) : 'VOID: the cache was not dropped'}`,
      `    portal / sendfile             ${percent(ratioOf(coldPortal.seconds, coldSendfile.seconds))}  (sendfile / cat ${percent(ratioOf(coldSendfile.seconds, coldCat))})`,
      `  warm — the file in the page cache`,
      `    cat > /dev/null               ${rate(warmCat)}  (memory bandwidth: no network, nothing written)`,
      `    zero-copy sendfile server     ${served(warmSendfile)}  (no byte through user space)`,
      `    bare node:http stream         ${served(bareRun)}`,
      `    portal signed link            ${served(warmPortal)}`,
      `    portal / cat                  ${percent(warmRatio)}  (sendfile / cat ${percent(ratioOf(warmSendfile.seconds, warmCat))})`,
      `    portal / sendfile             ${percent(ratioOf(warmPortal.seconds, warmSendfile.seconds))}`,
      `    portal / bare node:http       ${percent(ratioOf(warmPortal.seconds, bareRun.seconds))}`,
      `  RSS growth while serving        ${growthMb.toFixed(1)} MB  (target < ${TARGETS.rssGrowthMb} MB) ${verdict(growthMb < TARGETS.rssGrowthMb)}`,
      `  download records completed      ${whole} of ${2 * CLIENTS} whole downloads (of ${expected} records)`,
    ];
    console.log(lines.join('\n'));
  } finally {
    sendfileServer?.kill();
    await app.close();
    await database.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}
