import type { License } from '@lizenzportal/domain';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

async function put(license: License, changes: Record<string, unknown>, headers?: Record<string, string>) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/license/${license._id}`,
    headers: headers ?? (await ctx.adminHeaders()),
    payload: { ...license, ...changes },
  });
}

async function auditOf(path: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/${path}/audit`,
    headers: await ctx.adminHeaders(),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.entries;
}

describe('saving a license edited from an older revision', () => {
  test('the second of two edits of the same revision is refused with 409 and overwrites nothing', async () => {
    const loaded = await ctx.createLicense();
    const first = await put(loaded, { notes: 'Von Admin A' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.license.revision).toBe(loaded.revision + 1);

    const second = await put(loaded, { notes: 'Von Admin B' });
    expect(errorOf(second)).toMatchObject({ status: 409, code: 'LICENSE_CHANGED' });
    expect(errorOf(second).message).toContain('Die Lizenz wurde inzwischen geändert');
    const stored = await ctx.app.services.licenses.findById(loaded._id);
    expect(stored?.notes).toBe('Von Admin A');
  });

  test('a binding in between makes the edit stale as well', async () => {
    const loaded = await ctx.createLicense();
    await ctx.bindLicense(loaded, { name: 'Förderschule am Stadtpark' });
    const stale = await put(loaded, { notes: 'Alte Fassung' });
    expect(errorOf(stale).status).toBe(409);
    const stored = await ctx.app.services.licenses.findById(loaded._id);
    expect(stored).toMatchObject({ status: 'bound', notes: null });
  });

  // The guard is the save's condition on the revision (`updateAtRevision`). Signed in once, so
  // that the saves really overlap (signing in hashes a password). PGlite cannot show the guard: its
  // one connection runs transactions one after another (decision 002), so the check inside the
  // transaction suffices there; on PostgreSQL (server-pg, run in CI) this fails without it.
  test('of ten concurrent saves of the same revision exactly one succeeds', async () => {
    const loaded = await ctx.createLicense();
    const headers = await ctx.adminHeaders();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => put(loaded, { notes: `Fassung ${index}` }, headers)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect(await auditOf(`license/${loaded._id}`)).toHaveLength(2);
  });

  test('a save without the revision is a 400', async () => {
    const loaded = await ctx.createLicense();
    const { revision: _revision, ...withoutRevision } = loaded;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${loaded._id}`,
      headers: await ctx.adminHeaders(),
      payload: withoutRevision,
    });
    expect(errorOf(response).status).toBe(400);
  });
});

describe('the audit trail', () => {
  test('records creation and each edited field with before and after, and who did it', async () => {
    const license = await ctx.createLicense();
    const saved = await put(license, {
      notes: 'Rechnung folgt',
      properties: { ...license.properties, size: 12 },
    });
    expect(saved.statusCode).toBe(200);
    const entries = await auditOf(`license/${license._id}`);
    expect(entries).toEqual([
      expect.objectContaining({
        action: 'updated',
        actor: 'test-admin',
        entity: 'license',
        entityId: license._id,
        changes: [
          { field: 'notes', before: null, after: 'Rechnung folgt' },
          { field: 'properties.size', before: 1, after: 12 },
        ],
      }),
      expect.objectContaining({ action: 'created', actor: 'test-admin' }),
    ]);
    expect(Date.parse(entries[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(entries[1].createdAt));
  });

  test('records a creation with each initial value, nested fields one by one', async () => {
    const license = await ctx.createLicense({ notes: 'Erstanlage' });
    const [created] = await auditOf(`license/${license._id}`);
    expect(created).toMatchObject({ action: 'created', actor: 'test-admin' });
    const byField = new Map(
      created.changes.map((change: { field: string; before: unknown; after: unknown }) => [
        change.field,
        change,
      ]),
    );
    expect(byField.get('key')).toEqual({ field: 'key', before: null, after: license.key });
    expect(byField.get('status')).toEqual({ field: 'status', before: null, after: 'unbound' });
    expect(byField.get('notes')).toEqual({ field: 'notes', before: null, after: 'Erstanlage' });
    expect(byField.get('properties.size')).toEqual({
      field: 'properties.size',
      before: null,
      after: license.properties.size,
    });
    expect(byField.has('properties')).toBe(false);
    expect(byField.has('revision')).toBe(false);
    expect(byField.has('starterDocument')).toBe(false);
  });

  test('a save that changes nothing writes nothing', async () => {
    const license = await ctx.createLicense();
    const saved = await put(license, {});
    expect(saved.json().data.license.revision).toBe(license.revision);
    expect(await auditOf(`license/${license._id}`)).toHaveLength(1);
  });

  test('a refused edit leaves no entry', async () => {
    const license = await ctx.createLicense();
    const refused = await put(license, { holder: { ...license.holder, email: 'kein-mail' } });
    expect(errorOf(refused).status).toBe(400);
    expect(
      (await auditOf(`license/${license._id}`)).map((entry: { action: string }) => entry.action),
    ).toEqual(['created']);
  });

  // Renders two documents (the first starts the render threads) and sends a mail: more than the
  // default timeout on a loaded machine.
  test('records a document generation and a resend', async () => {
    const license = await ctx.createLicense();
    const headers = await ctx.adminHeaders();
    const generated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/starter-document`,
      headers,
    });
    expect(generated.statusCode).toBe(200);
    const first = generated.json().data.license.starterDocument;
    expect((await auditOf(`license/${license._id}`))[0]).toEqual(
      expect.objectContaining({
        action: 'starter-document-generated',
        actor: 'test-admin',
        changes: [{ field: 'starterDocument', before: null, after: first }],
      }),
    );
    const regenerated = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/starter-document`,
      headers,
    });
    expect((await auditOf(`license/${license._id}`))[0]).toEqual(
      expect.objectContaining({
        action: 'starter-document-generated',
        changes: [
          { field: 'starterDocument', before: first, after: regenerated.json().data.license.starterDocument },
        ],
      }),
    );

    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/delivery`,
      headers,
      payload: { documentType: 'starter', recipient: 'schule@example.com' },
    });
    expect(sent.statusCode).toBe(201);
    const original = sent.json().data.delivery;
    const resent = await ctx.app.inject({ method: 'POST', url: `/api/v1/delivery/${original._id}`, headers });
    expect(resent.statusCode).toBe(201);
    expect(await auditOf(`delivery/${original._id}`)).toEqual([
      expect.objectContaining({
        action: 'resent',
        changes: [{ field: 'resentAs', before: null, after: resent.json().data.delivery._id }],
      }),
    ]);
  }, 60_000);

  test('needs an admin token', async () => {
    const license = await ctx.createLicense();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/license/${license._id}/audit` });
    expect(errorOf(response).status).toBe(401);
  });
});
