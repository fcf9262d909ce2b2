import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { errorOf, useTestApp } from '../test/app.ts';
import { expectErrorLog } from '../test/error-logs.ts';

const ctx = useTestApp();

test('malformed JSON gets the 400 envelope', async () => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license-status',
    headers: { 'content-type': 'application/json' },
    payload: '{"key": ',
  });
  expect(errorOf(response)).toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
});

test('wrong types and a missing body get the 400 envelope', async () => {
  const wrongType = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/admin',
    payload: { username: 1, password: [] },
  });
  expect(errorOf(wrongType)).toMatchObject({
    status: 400,
    message: 'Die Angabe für das Feld „Benutzername” ist ungültig.',
  });
  const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/admin' });
  expect(errorOf(missing).status).toBe(400);
  const overLong = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: 'A'.repeat(65), authenticationCode: '1' },
  });
  expect(errorOf(overLong).status).toBe(400);
});

test('an unknown API address gets the 404 envelope', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(errorOf(response)).toMatchObject({ status: 404, code: 'NOT_FOUND' });
});

test('a server error answers 500 without internals, and the server logs it', async () => {
  expectErrorLog(/"request failed".*auth_throttle/);
  // A table the sign-in needs is briefly gone: an internal failure, not the client's.
  await sql`alter table auth_throttle_client rename to auth_throttle_hidden`.execute(ctx.database.db);
  const response = await ctx.app
    .inject({
      method: 'POST',
      url: '/api/v1/auth/license',
      payload: { key: 'AAAA-BBBB-CCCC', authenticationCode: '123456' },
    })
    .finally(() =>
      sql`alter table auth_throttle_hidden rename to auth_throttle_client`.execute(ctx.database.db),
    );
  expect(response.statusCode).toBe(500);
  expect(response.json()).toEqual({
    error: {
      status: 500,
      code: 'INTERNAL_ERROR',
      message:
        'Ups, da ist etwas schiefgelaufen. Wir wurden informiert und kümmern uns darum - bitte versuchen Sie es in Kürze erneut.',
      requestId: response.headers['x-request-id'],
    },
  });
  expect(response.body).not.toContain('auth_throttle');
});

test('health reports the database', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(response.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
});

test('the OpenAPI document lists the routes', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  const document = response.json();
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/v1/auth/license-status', '/api/v1/auth/license', '/api/v1/license/{id}']),
  );
});

test('API answers carry the API security headers; pages carry the content security policy', async () => {
  const api = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
  expect(api.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' });
  expect(api.headers['content-security-policy']).toBeUndefined();
  const unknown = await ctx.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
  expect(unknown.headers['x-content-type-options']).toBe('nosniff');

  const page = await ctx.app.inject({ method: 'GET', url: '/login' });
  expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
  expect(docs.headers['content-security-policy']).toBeDefined();
});

test('values the database would refuse get a 400, never a 500', async () => {
  const headers = await ctx.adminHeaders();
  const nullInName = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/admin',
    payload: { username: 'ad\u0000min', password: 'x' },
  });
  expect(errorOf(nullInName)).toMatchObject({
    status: 400,
    message: 'Die Anfrage enthält ein unzulässiges Zeichen.',
  });
  const nullInNotes = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license',
    headers,
    payload: { notes: 'a\u0000b', properties: { dvdCount: 0 } },
  });
  expect(errorOf(nullInNotes).status).toBe(400);

  for (const filter of [
    'holder.name=/(/i',
    'properties.size>1.5',
    'properties.size>99999999999999999999',
    'properties.size>-99999999999',
    'createdAt>99999-01-01',
    'notes=%00abc',
  ]) {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license?${filter}`, headers });
    expect(errorOf(response).status, filter).toBe(400);
  }

  const license = await ctx.createLicense();
  const tooMany = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/license/${license._id}`,
    headers,
    payload: { ...license, downloads: { software: 3_000_000_000, metasearch: 0 } },
  });
  expect(errorOf(tooMany).status).toBe(400);
});

test('actions without parameters refuse a body with fields', async () => {
  const license = await ctx.createLicense();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${license._id}/starter-document`,
    headers: await ctx.adminHeaders(),
    payload: { force: true },
  });
  expect(errorOf(response)).toMatchObject({ status: 400, message: 'Unbekanntes Feld „force”.' });
});

test('the file routes name a wrong key or name of their link as the file, not as a license', async () => {
  const signature = 'A'.repeat(43);
  for (const route of ['/api/v1/download/file', '/api/v1/document/file']) {
    const badKey = await ctx.app.inject({
      method: 'GET',
      url: `${route}?key=..%2Fetc&name=Setup.exe&expires=9999999999&signature=${signature}`,
    });
    expect(errorOf(badKey)).toMatchObject({
      status: 400,
      message: 'Die Angabe für das Feld „Datei” ist ungültig.',
    });
    const badName = await ctx.app.inject({
      method: 'GET',
      url: `${route}?key=a%2Fb.pdf&name=%2Fetc%2Fpasswd&expires=9999999999&signature=${signature}`,
    });
    expect(errorOf(badName)).toMatchObject({
      status: 400,
      message: 'Die Angabe für das Feld „Dateiname” ist ungültig.',
    });
  }
});
