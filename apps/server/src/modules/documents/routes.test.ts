import { formatLicenseKey } from '@lizenzportal/domain';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { bindLicenses, createLicenses, pdfText } from './test-fixtures.ts';

const ctx = useTestApp({ PUBLIC_URL: 'https://portal.example' });

afterEach(() => vi.restoreAllMocks());

async function signIn(license: { key: string; startCode: string }): Promise<{ authorization: string }> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key: license.key, authenticationCode: license.startCode },
  });
  return { authorization: `Bearer ${response.json().data.token}` };
}

const generate = async (id: string, kind: 'starter' | 'license', headers?: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license/${id}/${kind}-document`,
    headers: headers ?? (await ctx.adminHeaders()),
  });

const documentUrl = async (id: string, kind: 'starter' | 'license', headers?: Record<string, string>) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/license/${id}/${kind}-document-url`,
    headers: headers ?? (await ctx.adminHeaders()),
  });

/** Follows a signed URL: it must be absolute on PUBLIC_URL; the test app answers its path. */
function open(url: string) {
  const parsed = new URL(url);
  expect(parsed.origin).toBe('https://portal.example');
  return ctx.app.inject({ method: 'GET', url: parsed.pathname + parsed.search });
}

function withQuery(url: string, changes: Record<string, string>): string {
  const parsed = new URL(url);
  for (const [name, value] of Object.entries(changes)) parsed.searchParams.set(name, value);
  return parsed.toString();
}

describe('generating documents', () => {
  test('generates and regenerates the starter document of an unbound license', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const first = await generate(license!._id, 'starter');
    expect(first.statusCode).toBe(200);
    const generated = first.json().data.license;
    expect(generated.starterDocument).toMatch(
      new RegExp(`^licenses/${license!._id}/starter-\\w+-\\w+\\.pdf$`),
    );
    const again = (await generate(license!._id, 'starter')).json().data.license;
    expect(again.starterDocument).not.toBe(generated.starterDocument);
  });

  test('refuses a starter document once bound and a license document before, with 409', async () => {
    const [unbound, bound] = await createLicenses(ctx.app.services.licenses, 2);
    await bindLicenses(ctx.database.db, [bound!._id]);
    expect(errorOf(await generate(bound!._id, 'starter'))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'Die Lizenz ist bereits gebunden. Ein Startdokument gibt es nur für ungebundene Lizenzen.',
    });
    expect(errorOf(await generate(unbound!._id, 'license'))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'Die Lizenz ist nicht gebunden. Ein Lizenzdokument gibt es erst nach der Bindung.',
    });
    const document = await generate(bound!._id, 'license');
    expect(document.statusCode).toBe(200);
    expect(document.json().data.license.licenseDocument).toMatch(/\/license-\w+-\w+\.pdf$/);
  });

  test('regenerates the license document of a disabled license that has one, and refuses one without', async () => {
    const [withDocument, withoutDocument] = await createLicenses(ctx.app.services.licenses, 2);
    await bindLicenses(ctx.database.db, [withDocument!._id]);
    const first = (await generate(withDocument!._id, 'license')).json().data.license;
    await ctx.database.db
      .updateTable('license')
      .set({ status: 'disabled' })
      .where('id', 'in', [withDocument!._id, withoutDocument!._id])
      .execute();
    const again = await generate(withDocument!._id, 'license');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.license.licenseDocument).not.toBe(first.licenseDocument);
    expect(errorOf(await generate(withoutDocument!._id, 'license'))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: 'Die Lizenz ist nicht gebunden. Ein Lizenzdokument gibt es erst nach der Bindung.',
    });
  });

  test('is for admins only and answers 404 for an unknown license and 400 for a malformed id', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    expect((await generate(license!._id, 'starter', {})).statusCode).toBe(401);
    expect(errorOf(await generate(license!._id, 'starter', await signIn(license!)))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(errorOf(await generate('7d0b5f1e-2f7c-4a55-8a1e-3c9f2b6d4e10', 'starter'))).toMatchObject({
      status: 404,
      message: 'Die Lizenz wurde nicht gefunden.',
    });
    expect(errorOf(await generate('not-a-uuid', 'starter'))).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('document URLs', () => {
  test('makes a document no job made yet on its first request (404 where the rules allow none), then serves the PDF', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    // An unbound license has no license document: nothing is made.
    expect(errorOf(await documentUrl(license!._id, 'license'))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Für diese Lizenz wurde noch kein Lizenzdokument erzeugt.',
    });
    expect((await ctx.app.services.licenses.findById(license!._id))!.starter_document).toBeNull();
    const response = await documentUrl(license!._id, 'starter');
    const stored = await ctx.app.services.licenses.findById(license!._id);
    expect(stored!.starter_document).not.toBeNull();
    // Asked again, the stored one is signed, not a new one made.
    expect((await documentUrl(license!._id, 'starter')).statusCode).toBe(200);
    expect((await ctx.app.services.licenses.findById(license!._id))!.starter_document).toBe(
      stored!.starter_document,
    );
    expect(response.statusCode).toBe(200);
    const file = await open(response.json().data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain(
      `inline; filename="Startdokument_${formatLicenseKey(license!.key)}.pdf"`,
    );
    expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfText(file.rawPayload)).toContain(formatLicenseKey(license!.key));
  });

  test('lets a license user fetch only its own document URL', async () => {
    const [own, other] = await createLicenses(ctx.app.services.licenses, 2);
    await generate(own!._id, 'starter');
    await generate(other!._id, 'starter');
    const headers = await signIn(own!);
    expect((await documentUrl(own!._id, 'starter', headers)).statusCode).toBe(200);
    expect(errorOf(await documentUrl(other!._id, 'starter', headers))).toMatchObject({ status: 403 });
    expect((await documentUrl(own!._id, 'starter', {})).statusCode).toBe(401);
  });

  test('refuses tampered URLs with 403', async () => {
    const [license, other] = await createLicenses(ctx.app.services.licenses, 2);
    await generate(license!._id, 'starter');
    const otherKey = (await generate(other!._id, 'starter')).json().data.license.starterDocument;
    const url = (await documentUrl(license!._id, 'starter')).json().data.url;
    const signature = new URL(url).searchParams.get('signature')!;
    const tampered = [
      withQuery(url, { key: otherKey }),
      withQuery(url, { name: 'Anderer_Name.pdf' }),
      withQuery(url, { expires: String(Number(new URL(url).searchParams.get('expires')) + 3600) }),
      withQuery(url, { signature: `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}` }),
    ];
    for (const forged of tampered) {
      expect(errorOf(await open(forged))).toEqual({
        status: 403,
        code: 'FORBIDDEN',
        message: 'Der Link ist ungültig.',
      });
    }
  });

  test('refuses an expired URL with 403', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    await generate(license!._id, 'starter');
    const url = (await documentUrl(license!._id, 'starter')).json().data.url;
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 4 * 60 * 1000);
    expect((await open(url)).statusCode).toBe(200);
    vi.spyOn(Date, 'now').mockReturnValue(now + 6 * 60 * 1000);
    expect(errorOf(await open(url))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'Der Link ist abgelaufen. Bitte rufen Sie das Dokument erneut auf.',
    });
  });

  test('accepts the expiry of a URL in its one spelling only', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    await generate(license!._id, 'starter');
    const url = (await documentUrl(license!._id, 'starter')).json().data.url;
    const expires = Number(new URL(url).searchParams.get('expires'));
    for (const spelling of [
      `0x${expires.toString(16)}`,
      `${expires}.0`,
      `${expires}e0`,
      `0${expires}`,
      `+${expires}`,
      ` ${expires}`,
    ]) {
      expect(errorOf(await open(withQuery(url, { expires: spelling }))).status, spelling).toBe(400);
    }
    expect((await open(url)).statusCode).toBe(200);
  });

  test('answers 400 for a malformed file URL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/document/file?key=../x&expires=1' });
    expect(errorOf(response)).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  test('gives admins a URL for a document key, 404 for an unknown one, 400 for a bad one', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    await bindLicenses(ctx.database.db, [license!._id]);
    const key = (await generate(license!._id, 'license')).json().data.license.licenseDocument;
    const ask = async (documentKey: unknown, headers?: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/document/url',
        headers: headers ?? (await ctx.adminHeaders()),
        payload: { documentKey },
      });
    const file = await open((await ask(key)).json().data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(
      `Lizenzdokument_${formatLicenseKey(license!.key)}.pdf`,
    );
    expect(errorOf(await ask('licenses/none.pdf'))).toMatchObject({
      status: 404,
      message: 'Das Dokument wurde nicht gefunden.',
    });
    expect(errorOf(await ask('../../etc/passwd'))).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(errorOf(await ask(42))).toMatchObject({ status: 400 });
    expect((await ask(key, {})).statusCode).toBe(401);
  });
});
