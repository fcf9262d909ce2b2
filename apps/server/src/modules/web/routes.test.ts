import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ASSISTANT_PATH, SETTINGS_ELEMENT_ID } from '@lizenzportal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/app.ts';

/** A web build as Vite and apps/web/build/precompress.ts leave it: files, `.br` and `.gz` beside. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-dist-'));
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><head><title>Lizenzportal</title></head>${'<p>Portal</p>'.repeat(200)}`,
  'assistant.html': `<!doctype html><head><title>Lizenz-Assistent</title></head>${'<p>Assistent</p>'.repeat(200)}`,
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

/** A vendor name that tries to end the settings' script element and run one of its own. */
const VENDOR_NAME = 'Symbole & Co. </script><script>alert(1)</script><!--';
const ctx = useTestApp({ WEB_DIST_DIR: dist, VENDOR_NAME });

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
    for (const [address, title] of [
      ['/login', 'Lizenzportal'],
      ['/backend/license', 'Lizenzportal'],
      ['/index.html', 'Lizenzportal'],
      [ASSISTANT_PATH, 'Lizenz-Assistent'],
    ] as const) {
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const response = await get(address, accept);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['vary']).toContain('accept-encoding');
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(decoded(response)).toContain(`<title>${title}</title>`);
      }
    }
  });

  test('each page carries the settings the API answers, so the first screen needs no request for them', async () => {
    const { data: settings } = (await get('/api/v1/settings')).json<{ data: { vendorName: string } }>();
    expect(settings.vendorName).toBe(VENDOR_NAME);
    for (const address of ['/login', ASSISTANT_PATH]) {
      const page = decoded(await get(address, 'br'));
      const element = new RegExp(
        `<script id="${SETTINGS_ELEMENT_ID}" type="application/json">(.*?)</script>`,
      );
      const embedded = element.exec(page)?.[1];
      expect(embedded, address).toBeDefined();
      expect(JSON.parse(embedded!)).toEqual(settings);
      // Inside the head, before the page's own scripts could ask for them.
      expect(page.indexOf(SETTINGS_ELEMENT_ID)).toBeLessThan(page.indexOf('</head>'));
      // The vendor's name closes no element and starts no script: it stays text of the data.
      expect(page).not.toContain('<script>alert(1)');
      expect(page).not.toContain('<!--');
    }
  });

  test('a browser that has the page is told so, whatever encoding it asks for', async () => {
    const first = await get('/login', 'br');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^W\/".+"$/);
    for (const accept of ['br', 'gzip', undefined]) {
      const again = await ctx.app.inject({
        method: 'GET',
        url: '/hilfe',
        headers: { 'if-none-match': etag, ...(accept ? { 'accept-encoding': accept } : {}) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const changed = await ctx.app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': 'W/"other"' },
    });
    expect(changed.statusCode).toBe(200);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: '/login',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
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
