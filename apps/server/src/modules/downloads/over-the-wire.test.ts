import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { LocalFileStorage } from '../../lib/storage/local-file-storage.ts';
import { useTestApp } from '../../test/app.ts';
import { expectErrorLog } from '../../test/error-logs.ts';
import { eventually } from '../../test/smtp.ts';
import { DownloadRepository } from './repository.ts';

// The file route over real connections (inject copies what it is given, a socket does not): files
// of many chunks, read into one reused buffer per response, arrive byte for byte to clients at once,
// a client that hangs up mid-file is recorded with what it got, and a disk that fails mid-file
// breaks that one response off. Megabytes through a loaded
// machine: these tests get a minute.
const ctx = useTestApp();
let address: string;
let files: string;
beforeAll(async () => {
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-wire-'));
});
afterAll(() => fs.rmSync(files, { recursive: true, force: true }));

/** Random bytes: a reused buffer sent twice, or chunks out of order, show. */
const installerOf = (size: number) => crypto.randomBytes(size);

async function linksTo(content: Buffer, count: number) {
  const file = path.join(files, 'Setup.exe');
  fs.writeFileSync(file, content);
  await ctx.app.services.releases.publish({ product: 'software-9', version: '9.2.0', file });
  const license = await ctx.bindLicense(await ctx.createLicense({ properties: { class: 'pro', size: 5 } }), {
    name: 'Schule am Deich',
  });
  const signIn = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.authenticationCode },
  });
  const authorization = `Bearer ${signIn.json().data.token}`;
  const links: string[] = [];
  for (let index = 0; index < count; index++) {
    const linked = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${license._id}/download/software/url`,
      headers: { authorization },
    });
    const url = new URL(linked.json().data.url);
    links.push(`${address}${url.pathname}${url.search}`);
  }
  return { license, links };
}

const downloadsOf = (licenseId: string) => new DownloadRepository(ctx.database.db).ofLicense(licenseId);

test('a file of several chunks arrives byte for byte at four clients at once, whole and by range', async () => {
  const installer = installerOf(3 * 1024 * 1024 + 12_345);
  const { license, links } = await linksTo(installer, 4);
  const bodies = await Promise.all(
    links.map(async (link) => Buffer.from(await (await fetch(link)).arrayBuffer())),
  );
  for (const body of bodies) expect(body.equals(installer)).toBe(true);
  const ranged = await fetch(links[0]!, { headers: { range: 'bytes=1048000-2098000' } });
  expect(ranged.status).toBe(206);
  expect(Buffer.from(await ranged.arrayBuffer()).equals(installer.subarray(1_048_000, 2_098_001))).toBe(true);

  const sent = installer.length * 4 + 1_050_001;
  const rows = await eventually(async () => {
    const all = await downloadsOf(license._id);
    return all.reduce((sum, row) => sum + row.bytes_sent, 0) === sent ? all : undefined;
  });
  expect(rows.every((row) => row.completed_at)).toBe(true);
  expect(rows.map((row) => row.bytes_sent).sort((a, b) => a - b)).toEqual([
    installer.length,
    installer.length,
    installer.length,
    installer.length + 1_050_001,
  ]);
}, 60_000);

test('a client that hangs up mid-file is recorded with part of it, not completed', async () => {
  // Larger than what the loopback's socket buffers hold, so the server is still writing.
  const installer = installerOf(48 * 1024 * 1024);
  const { license, links } = await linksTo(installer, 1);
  await new Promise<void>((resolve, reject) => {
    const request = http.get(links[0]!, (response) => {
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= 1024 * 1024) request.destroy();
      });
      response.on('close', resolve);
    });
    request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
  });
  const [row] = await eventually(async () => {
    const all = await downloadsOf(license._id);
    return all[0] && all[0].bytes_sent > 0 ? all : undefined;
  });
  expect(row!.bytes_sent).toBeGreaterThanOrEqual(1024 * 1024);
  expect(row!.bytes_sent).toBeLessThan(installer.length);
  expect(row!.completed_at).toBeNull();
}, 60_000);

/** Fetches a link by node:http: the body's bytes, and whether the response arrived complete. */
function fetchOverHttp(
  link: string,
): Promise<{ status: number; length: number; body: Buffer; complete: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(link, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        // A body broken off ends in 'aborted' and an error on the response; either way 'close' comes.
        response.on('error', () => undefined);
        response.on('close', () =>
          resolve({
            status: response.statusCode!,
            length: Number(response.headers['content-length']),
            body: Buffer.concat(chunks),
            complete: response.complete,
          }),
        );
      })
      .on('error', reject);
  });
}

test('a disk that fails mid-file breaks that response off; the record stays open, the server serves on', async () => {
  const installer = installerOf(24 * 1024 * 1024);
  const { license, links } = await linksTo(installer, 2);
  const storage = ctx.app.services.storage as LocalFileStorage;
  const readInto = storage.readInto.bind(storage);
  // The real read, until the disk reports an I/O error after two chunks.
  const failing = vi.spyOn(storage, 'readInto').mockImplementationOnce(async function* (key, range, buffer) {
    let chunks = 0;
    for await (const chunk of readInto(key, range, buffer)) {
      if (chunks++ === 2) throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
      yield chunk;
    }
  });
  expectErrorLog('reading the file failed');

  const broken = await fetchOverHttp(links[0]!);
  expect(broken.status).toBe(200);
  expect(broken.length).toBe(installer.length);
  expect(broken.complete).toBe(false);
  expect(broken.body.length).toBeLessThan(installer.length);
  expect(broken.body.equals(installer.subarray(0, broken.body.length))).toBe(true);
  const [row] = await eventually(async () => {
    const all = await downloadsOf(license._id);
    return all.some((record) => record.bytes_sent > 0)
      ? all.filter((record) => record.bytes_sent > 0)
      : undefined;
  });
  expect(row!.bytes_sent).toBeGreaterThan(0);
  expect(row!.bytes_sent).toBeLessThan(installer.length);
  expect(row!.completed_at).toBeNull();
  expect(failing).toHaveBeenCalledTimes(1);

  // The process serves on: the next download of the same file arrives whole and is completed.
  const whole = await fetchOverHttp(links[1]!);
  expect(whole.complete).toBe(true);
  expect(whole.body.equals(installer)).toBe(true);
  const rows = await eventually(async () => {
    const all = await downloadsOf(license._id);
    return all.some((record) => record.completed_at) ? all : undefined;
  });
  expect(rows.filter((record) => record.completed_at).map((record) => record.bytes_sent)).toEqual([
    installer.length,
  ]);
  expect(rows.find((record) => record.id === row!.id)!.completed_at).toBeNull();
}, 60_000);
