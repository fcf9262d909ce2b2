import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ASSISTANT_PATH } from '@lizenzportal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';

/** A web build as Vite and apps/web/build/precompress.ts leave it: files, `.br` and `.gz` beside. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-dist-'));
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><title>Lizenzportal</title>${'<p>Portal</p>'.repeat(200)}`,
  'assistant.html': `<!doctype html><title>Lizenz-Assistent</title>${'<p>Assistent</p>'.repeat(200)}`,
  'assets/index-abc123.js': `export const pages = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `Seite ${i}`))};`,
  'assets/tiny-abc123.js': 'export {};',
};
fs.mkdirSync(path.join(dist, 'assets'));
for (const [file, content] of Object.entries(FILES)) {
  fs.writeFileSync(path.join(dist, file), content);
  if (content.length < 1024) continue;
  fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(content));
  fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(content));
}
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const ctx = useTestApp({ WEB_DIST_DIR: dist });

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

describe('the web build', () => {
  test('an asset goes brotli-compressed to a browser, gzip to a gzip client, as it is to others', async () => {
    const file = 'assets/index-abc123.js';
    const cases = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', stored: `${file}.br` },
      { accept: 'gzip', encoding: 'gzip', stored: `${file}.gz` },
      { accept: undefined, encoding: undefined, stored: file },
    ];
    for (const { accept, encoding, stored } of cases) {
      const response = await get(`/${file}`, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(response.headers['content-length'])).toBe(fs.statSync(path.join(dist, stored)).size);
      expect(response.rawPayload.length).toBe(fs.statSync(path.join(dist, stored)).size);
      expect(decoded(response)).toBe(FILES[file]);
    }
  });

  test('a file too small to compress goes as it is, with its length', async () => {
    const response = await get('/assets/tiny-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-length']).toBe(String(FILES['assets/tiny-abc123.js']!.length));
    expect(response.body).toBe(FILES['assets/tiny-abc123.js']);
  });

  test('the pages come compressed too: the portal at its addresses, the assistant at its own', async () => {
    for (const [address, page] of [
      ['/login', 'index.html'],
      ['/backend/license', 'index.html'],
      [ASSISTANT_PATH, 'assistant.html'],
    ] as const) {
      const response = await get(address, 'gzip, deflate, br, zstd');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['vary']).toContain('accept-encoding');
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decoded(response)).toBe(FILES[page]);
    }
  });
});

describe('/robots.txt', () => {
  test('lets crawlers index the public pages, not the API, the back office or login links with codes', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines.slice(1).sort()).toEqual(
      [
        'Disallow: /api/',
        'Disallow: /backend',
        'Disallow: /direct-login',
        'Disallow: /login?',
        'Disallow: /shop-demo',
      ].sort(),
    );
    expect(lines).not.toContain('Disallow: /');
  });
});
