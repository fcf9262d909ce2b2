import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';

// The file route over real connections (inject copies what it is given, a socket does not): files
// of many chunks, read into one reused buffer per response, arrive byte for byte to clients at once,
// and a client that hangs up mid-file is recorded with what it got. Megabytes through a loaded
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

const downloadsOf = (licenseId: string) => ctx.app.services.downloads.repository.ofLicense(licenseId);

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
