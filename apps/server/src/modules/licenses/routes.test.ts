import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp, withDvdCount } from '../../test/app.ts';

const ctx = useTestApp();

async function create(payload: Record<string, unknown> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/license',
    headers: await ctx.adminHeaders(),
    payload: withDvdCount({ generateStarterDocument: false, ...payload }),
  });
}

async function loginAs(license: { key: string; startCode: string }) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.startCode },
  });
  return { authorization: `Bearer ${response.json().data.token}` };
}

describe('creating licenses', () => {
  test('applies the defaults and marks the admin as origin', async () => {
    const response = await create();
    expect(response.statusCode).toBe(201);
    const [license] = response.json().data.licenses;
    expect(license).toMatchObject({
      version: '9',
      status: 'unbound',
      typeOfEntry: 'manual',
      entryReference: 'test-admin',
      properties: { class: 'pro', size: 1, type: 'full', delivery: 'download', dvdCount: 0 },
      specialPermissions: ['download'],
      holder: { holderType: null, name: null, email: null, contact: null },
    });
    expect(license.key).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(license.startCode).toMatch(/^\d{6}$/);
    expect(license.authenticationCode).toBe(license.startCode);
  });

  test('creates up to 50 licenses with unique keys and adds the server permissions', async () => {
    const response = await create({ count: 50, version: '8', properties: { class: 'server', size: 20 } });
    const licenses = response.json().data.licenses;
    expect(licenses).toHaveLength(50);
    expect(new Set(licenses.map((license: { key: string }) => license.key)).size).toBe(50);
    expect(licenses[0].specialPermissions).toEqual([
      'download',
      'metasearch-server-info',
      'metasearch-multistep-installer',
      'metasearch-oneclick-installer',
    ]);
    expect(licenses[0].properties.dvdCount).toBeNull();
  });

  test('refuses bad bodies with a German 400 and creates nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ count: 51 }, 'Die Angabe für das Feld „Anzahl” ist ungültig.'],
      [{ properties: { size: 0 } }, 'Die Angabe für das Feld „Größe” ist ungültig.'],
      [{ properties: { class: 'gold' } }, 'Die Angabe für das Feld „Lizenzklasse” ist ungültig.'],
      [{ color: 'red' }, 'Unbekanntes Feld „color”.'],
      [{ notes: 'x'.repeat(5001) }, 'Notizen darf höchstens 5000 Zeichen lang sein.'],
    ];
    for (const [payload, message] of cases) {
      expect(errorOf(await create(payload))).toEqual({ status: 400, code: 'VALIDATION_FAILED', message });
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license',
      headers: await ctx.adminHeaders(),
    });
    expect(list.json().data.total).toBe(0);
  });

  test('queues the generation of each starter document with the licenses', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers: await ctx.adminHeaders(),
      payload: { count: 3, properties: { dvdCount: 0 } },
    });
    expect(response.statusCode).toBe(201);
    const ids = response.json().data.licenses.map((license: { _id: string }) => license._id);
    const { rows } = await sql<{ licenseId: string }>`
      select data->>'licenseId' as "licenseId" from pgboss.job where name = 'generate-document'
    `.execute(ctx.database.db);
    expect(rows.map((row) => row.licenseId).sort()).toEqual([...ids].sort());
  });

  test('needs an admin token', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/license', payload: {} });
    expect(errorOf(anonymous).status).toBe(401);
    const [license] = (await create()).json().data.licenses;
    const asLicense = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license',
      headers: await loginAs(license),
      payload: {},
    });
    expect(errorOf(asLicense)).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });
});

describe('reading a license', () => {
  test('a license user reads its own license without notes, and no other', async () => {
    const [own, other] = (await create({ count: 2, notes: 'intern' })).json().data.licenses;
    const headers = await loginAs(own);
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${own._id}`, headers });
    expect(mine.json().data.license).toMatchObject({ _id: own._id, notes: null });
    const theirs = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${other._id}`, headers });
    expect(errorOf(theirs)).toMatchObject({ status: 403 });
    const admin = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${other._id}`,
      headers: await ctx.adminHeaders(),
    });
    expect(admin.json().data.license.notes).toBe('intern');
  });

  test('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const headers = await ctx.adminHeaders();
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license/7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e',
      headers,
    });
    expect(errorOf(unknown).status).toBe(404);
    const malformed = await ctx.app.inject({ method: 'GET', url: '/api/v1/license/abc', headers });
    expect(errorOf(malformed).status).toBe(400);
  });

  test('an id in upper case is the same id everywhere', async () => {
    const [own, successor] = (await create({ count: 2 })).json().data.licenses;
    const upper = own._id.toUpperCase();
    const asOwner = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${upper}`,
      headers: await loginAs(own),
    });
    expect(asOwner.json().data.license._id).toBe(own._id);
    const headers = await ctx.adminHeaders();
    const asAdmin = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${upper}`, headers });
    expect(asAdmin.json().data.license._id).toBe(own._id);
    const filtered = await ctx.app.inject({ method: 'GET', url: `/api/v1/license?_id=${upper}`, headers });
    expect(filtered.json().data.total).toBe(1);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${upper}`,
      headers,
      payload: { ...own, updatedToLicense: successor._id.toUpperCase() },
    });
    expect(saved.json().data.license.updatedToLicense).toBe(successor._id);
  });
});

describe('editing a license', () => {
  test('binding by an admin needs holder name, e-mail and type, then sets boundAt', async () => {
    const headers = await ctx.adminHeaders();
    const [license] = (await create()).json().data.licenses;
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${license._id}`,
      headers,
      payload: { ...license, status: 'bound' },
    });
    expect(errorOf(missing).message).toBe('Bitte machen Sie eine Angabe für „Name des Lizenznehmers”.');
    const unchanged = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}`, headers });
    expect(unchanged.json().data.license.status).toBe('unbound');

    const bound = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${license._id}`,
      headers,
      payload: {
        ...license,
        status: 'bound',
        authenticationCode: 'Schule am Park',
        holder: {
          holderType: 'organization',
          name: 'Schule am Park',
          email: 'it@schule.example',
          contact: '',
        },
      },
    });
    expect(bound.json().data.license).toMatchObject({
      status: 'bound',
      holder: { name: 'Schule am Park', contact: null },
    });
    expect(bound.json().data.license.boundAt).not.toBeNull();
  });

  test('refuses an invalid e-mail, an unknown successor and itself as successor', async () => {
    const headers = await ctx.adminHeaders();
    const [license] = (await create()).json().data.licenses;
    const put = (changes: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/license/${license._id}`,
        headers,
        payload: { ...license, ...changes },
      });
    const email = await put({ holder: { ...license.holder, email: 'kein-mail' } });
    expect(errorOf(email).message).toBe('Die Angabe für das Feld „E-Mail” ist ungültig.');
    const successor = await put({ updatedToLicense: '7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e' });
    expect(errorOf(successor).message).toBe('Die Nachfolge-Lizenz existiert nicht.');
    expect(errorOf(await put({ updatedToLicense: license._id })).status).toBe(400);
  });
});

describe('listing licenses', () => {
  test('pages, sorts and filters in the API syntax', async () => {
    const headers = await ctx.adminHeaders();
    await create({ count: 3, properties: { size: 5 } });
    await create({ count: 2, version: '8', properties: { class: 'single' } });
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/license?${query}`, headers });

    const page = (await list('limit=2&skip=0&sort=-createdAt')).json().data;
    expect(page.total).toBe(5);
    expect(page.licenses).toHaveLength(2);
    expect((await list('version=8')).json().data.total).toBe(2);
    expect((await list('properties.size>=5')).json().data.total).toBe(3);
    expect((await list('properties.class=single,pro&version!=8')).json().data.total).toBe(3);
    expect((await list('!holder.name')).json().data.total).toBe(5);
    expect((await list('holder.name')).json().data.total).toBe(0);
    expect((await list('limit=0')).json().data.licenses).toHaveLength(5);
    const bySize = (await list('sort=properties.size')).json().data.licenses;
    expect(bySize.map((license: { properties: { size: number } }) => license.properties.size)).toEqual([
      1, 1, 5, 5, 5,
    ]);
  });

  test('searches with patterns in any text, IDs and statuses included', async () => {
    const headers = await ctx.adminHeaders();
    const [license] = (await create({ count: 2 })).json().data.licenses;
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/license?${query}`, headers });
    const idPart = license._id.slice(0, 8).toUpperCase();

    expect((await list(`_id=/${idPart}/i`)).json().data.total).toBe(1);
    expect((await list(`_id!=/${idPart}/i`)).json().data.total).toBe(1);
    expect((await list('status=/^unbo/i')).json().data.total).toBe(2);
    expect((await list('status=/^bou/i')).json().data.total).toBe(0);
    expect(errorOf(await list('properties.size=/1/i')).message).toBe(
      '„Größe” kann nicht mit „passt auf Muster” gefiltert werden.',
    );
    expect(errorOf(await list('notes=/(/i'))).toMatchObject({
      status: 400,
      message: 'Das Suchmuster ist ungültig.',
    });
  });

  test('a pattern the database refuses as too complex is a 400, and the server keeps answering', async () => {
    const headers = await ctx.adminHeaders();
    await create({ notes: 'aaab' });
    const list = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/license?${query}`, headers });
    // The probe of issue #8: on PGlite the first froze the next error, and with it the server.
    const complex = errorOf(await list('limit=0&notes=/%28a%7B1%2C255%7D%29%7B1%2C255%7Db/i'));
    expect(complex.status).toBe(400);
    expect([
      'Das Suchmuster ist ungültig.',
      'Das Suchmuster ist zu aufwendig. Bitte vereinfachen Sie es.',
    ]).toContain(complex.message);
    expect(errorOf(await list('notes=/%5B/i'))).toMatchObject({
      status: 400,
      message: 'Das Suchmuster ist ungültig.',
    });
    const health = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
    expect((await list('notes=/a%7B3%7Db/i')).json().data.total).toBe(1);
  });

  test('refuses back-references, which make the matcher backtrack for minutes', async () => {
    const headers = await ctx.adminHeaders();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license?notes=/${encodeURIComponent('(a*)*\\1x')}/i`,
      headers,
    });
    expect(errorOf(response)).toMatchObject({
      status: 400,
      message: 'Rückbezüge wie \\1 sind in Suchmustern nicht möglich.',
    });
    // An escaped backslash before a digit is text, as "contains" sends it.
    const literal = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license?notes=/${encodeURIComponent('a\\\\1')}/i`,
      headers,
    });
    expect(literal.statusCode).toBe(200);
  });

  test('refuses unknown fields, wrong types and bad values with 400', async () => {
    const headers = await ctx.adminHeaders();
    for (const query of [
      'password=x',
      'properties.size>=many',
      'status=gold',
      'sort=notes',
      'limit=-1',
      'limit=5000',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license?${query}`, headers });
      expect(errorOf(response).status, query).toBe(400);
    }
  });
});
