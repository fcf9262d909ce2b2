import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { COMPRESSION_THRESHOLD_BYTES } from '@lizenzportal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../test/app.ts';

const ctx = useTestApp({ PUBLIC_URL: 'https://portal.example' });

/** What Chromium asks for with every request. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload);
  if (encoding === undefined) return response.rawPayload;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

/** The path and query of a signed link (inject takes no absolute URL of the public address). */
const local = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/** A response sent as it is: no encoding, and a length that is the body's own where one is given. */
function expectUncompressed(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(300);
  expect(response.headers['content-encoding']).toBeUndefined();
  if (response.headers['content-length'] !== undefined) {
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  }
}

describe('API answers', () => {
  test('a list is sent brotli- or gzip-compressed as the client accepts it, the same JSON once decoded', async () => {
    const headers = await ctx.adminHeaders();
    await ctx.createLicense({ count: 30 });
    const list = (encoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/license?limit=30',
        headers: { ...headers, ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) },
      });

    const plain = await list();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10 * COMPRESSION_THRESHOLD_BYTES);

    const brotli = await list(BROWSER['accept-encoding']);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decoded(brotli).toString())).toEqual(plain.json());

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip).toString())).toEqual(plain.json());
  });

  test("a sign-in is sent as it is, with its length, even a bound holder's above the threshold", async () => {
    const license = await ctx.createLicense();
    const signIn = (authenticationCode: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/license',
        headers: BROWSER,
        payload: { key: license.key, authenticationCode },
      });
    const unbound = await signIn(license.startCode);
    expect(unbound.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expectUncompressed(unbound);
    expect(unbound.json().data.token).toEqual(expect.any(String));

    const holder = 'Förderzentrum am Stadtpark, Klasse 3b – Frau Mustermann-Schulze';
    await ctx.bindLicense(license, { name: holder, email: 'mustermann-schulze@foerderzentrum.example' });
    const bound = await signIn(holder);
    expect(bound.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expectUncompressed(bound);
    expect(bound.json().data.userData.holder.name).toBe(holder);
  });

  test('a CSV export streams uncompressed', async () => {
    const headers = await ctx.adminHeaders();
    await ctx.createLicense({ count: 30 });
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license-export',
      headers: { ...headers, ...BROWSER },
    });
    expectUncompressed(csv);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
  });

  test('a PDF document and a ZIP of documents are sent uncompressed', async () => {
    const headers = await ctx.adminHeaders();
    const license = await ctx.createLicense();
    const generated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/starter-document`,
      headers,
    });
    expect(generated.statusCode).toBe(200);
    const url = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${license._id}/starter-document-url`,
      headers,
    });
    const pdf = await ctx.app.inject({ method: 'GET', url: local(url.json().data.url), headers: BROWSER });
    expectUncompressed(pdf);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    const zip = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/batch-download/license-documents/starter/zip',
      headers: { ...headers, ...BROWSER },
      payload: { licenses: [license._id] },
    });
    expectUncompressed(zip);
    expect(zip.headers['content-type']).toBe('application/zip');
  });

  test('a product download is sent uncompressed, whole and in ranges', async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-compression-'));
    try {
      // Text compresses well: only the type and the route keep it from being compressed.
      const content = 'Installationshinweise\n'.repeat(500);
      const file = path.join(files, 'software-9-all-9.2.0.zip');
      fs.writeFileSync(file, content);
      await ctx.app.services.releases.publish({ product: 'software-9', version: '9.2.0', file });
      const license = await ctx.bindLicense(await ctx.createLicense(), { name: 'Schule am Deich' });
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/license',
        payload: { key: license.key, authenticationCode: license.authenticationCode },
      });
      const link = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/license/${license._id}/download/software/url`,
        headers: { authorization: `Bearer ${signIn.json().data.token}` },
      });
      const download = await ctx.app.inject({
        method: 'GET',
        url: local(link.json().data.url),
        headers: BROWSER,
      });
      expectUncompressed(download);
      expect(download.body).toBe(content);
      const range = await ctx.app.inject({
        method: 'GET',
        url: local(link.json().data.url),
        headers: { ...BROWSER, range: 'bytes=0-99' },
      });
      expect(range.statusCode).toBe(206);
      expectUncompressed(range);
      expect(range.body).toBe(content.slice(0, 100));
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
  });
});
