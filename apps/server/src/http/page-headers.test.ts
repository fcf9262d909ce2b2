import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ASSISTANT_PATH } from '@lizenzportal/domain';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { testConfig } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { testLogger } from '../test/error-logs.ts';

/** A web build as Vite writes it: the two entry pages, a script and the script's source map. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><title>Lizenzportal</title></head>');
fs.writeFileSync(
  path.join(webDist, 'assistant.html'),
  '<!doctype html><head><title>Lizenz-Assistent</title></head>',
);
fs.writeFileSync(path.join(webDist, 'assets/app.css'), 'p { color: red }');
fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(webDist, 'assets/app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
fs.writeFileSync(path.join(webDist, 'assets/app.js.map'), '{"version":3,"sources":["app.tsx"]}');

const SHOP = 'https://shop.example';
let database: Database;
let development: FastifyInstance;
let production: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const app = (config: Config) =>
    buildApp({ config, database, jwtSecret: 'x'.repeat(48), logger: testLogger() });
  development = await app(testConfig({ WEB_DIST_DIR: webDist, SHOP_ORIGIN: SHOP }));
  // Production as the server runs it behind https (the environment's production checks aside).
  production = await app({
    ...testConfig({ WEB_DIST_DIR: webDist, SHOP_ORIGIN: SHOP, PUBLIC_URL: 'https://lizenzen.example' }),
    isProduction: true,
  });
});
afterAll(async () => {
  await development?.close();
  await production?.close();
  await database?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const frameAncestors = (headers: Record<string, unknown>) =>
  /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];

describe('framing', () => {
  // Every page of the route tables (customer and back-office spec), the API docs, and the shop demo.
  const refusingPages = [
    '/',
    '/login',
    '/direct-login?key=AAAA-BBBB-CCCC&authenticationCode=123456',
    '/download',
    '/terms',
    '/imprint.html',
    '/lizenz-wiederherstellen',
    '/datenschutz',
    '/hilfe',
    '/backend',
    '/backend/login',
    '/backend/license',
    '/backend/license/create',
    '/backend/order-generation',
    '/backend/delivery',
    '/backend/download',
    '/backend/upgrade-session',
    '/shop-demo',
    '/api/docs',
    '/no-such-page',
  ];

  test.each(refusingPages)('%s refuses every frame', async (url) => {
    const page = await development.inject({ method: 'GET', url });
    expect(frameAncestors(page.headers)).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    if (!url.startsWith('/api')) expect(page.body).toContain('<title>Lizenzportal</title>');
  });

  test.each([ASSISTANT_PATH, `${ASSISTANT_PATH}?offer=abc`])(
    '%s may be framed by the shop and the portal itself, nobody else',
    async (url) => {
      const page = await development.inject({ method: 'GET', url });
      expect(frameAncestors(page.headers)).toBe(`'self' ${SHOP}`);
      expect(page.headers['x-frame-options']).toBeUndefined();
      // The assistant's own entry, not the portal's single-page app.
      expect(page.body).toContain('<title>Lizenz-Assistent</title>');
    },
  );
});

describe('transport and sources', () => {
  test("the assistant's entry page under its file name is an ordinary page that refuses frames", async () => {
    const page = await development.inject({ method: 'GET', url: '/assistant.html' });
    expect(page.statusCode).toBe(200);
    expect(frameAncestors(page.headers)).toBe("'none'");
  });

  test('HSTS only when the portal is reached by https', async () => {
    const overHttp = await development.inject({ method: 'GET', url: '/login' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(overHttp.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const overHttps = await production.inject({ method: 'GET', url: '/login' });
    expect(overHttps.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  test("the build's scripts and styles carry only the headers that concern them, not a page's", async () => {
    for (const url of ['/assets/app.js', '/assets/app.css']) {
      const file = await production.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const pageHeader of ['content-security-policy', 'x-frame-options', 'strict-transport-security']) {
        expect(file.headers[pageHeader], `${url} ${pageHeader}`).toBeUndefined();
      }
    }
    // What a browser may open as a document keeps the page's policy (an SVG can hold a script).
    for (const url of ['/favicon.svg', '/login']) {
      const document = await production.inject({ method: 'GET', url });
      expect(document.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(document.headers['x-frame-options'], url).toBe('DENY');
      expect(document.headers['strict-transport-security'], url).toMatch(/max-age=31536000/);
    }
  });

  test('source maps are served in development only', async () => {
    expect((await development.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(200);
    const withheld = await production.inject({ method: 'GET', url: '/assets/app.js.map' });
    expect(withheld.statusCode).toBe(404);
    expect(withheld.body).not.toContain('app.tsx');
    expect((await production.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });
});
