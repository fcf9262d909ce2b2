import { buffer } from 'node:stream/consumers';
import { formatLicenseKey } from '@lizenzportal/domain';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { createFileStorage } from '../../../lib/storage/create-file-storage.ts';
import { errorOf, useTestApp } from '../../../test/app.ts';
import { bindLicenses, createLicenses, pageTexts, unzip, UNICODE_HOLDER } from '../test-fixtures.ts';

const ctx = useTestApp();

const berlinToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

async function download(kind: string, format: string, licenses: unknown, headers?: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/batch-download/license-documents/${kind}/${format}`,
    headers: headers ?? (await ctx.adminHeaders()),
    payload: { licenses },
  });
}

/** The current license document of a license, read from the app's storage. */
async function storedLicenseDocument(id: string): Promise<Buffer> {
  const row = await ctx.database.db
    .selectFrom('license')
    .select('license_document')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return buffer((await createFileStorage(ctx.config).get(row.license_document!)).stream);
}

/** Half of the licenses get their license document now; the batch must generate the others. */
async function boundLicensesHalfWithDocuments(count: number) {
  const licenses = await createLicenses(ctx.app.services.licenses, count);
  await bindLicenses(
    ctx.database.db,
    licenses.map((license) => license._id),
  );
  const headers = await ctx.adminHeaders();
  for (const license of licenses.slice(0, count / 2)) {
    await ctx.app.inject({ method: 'POST', url: `/api/v1/license/${license._id}/license-document`, headers });
  }
  return licenses;
}

describe('batch download of 200 license documents', () => {
  // Renders 200 documents on a shared test machine: more time than the default.
  test(
    'as one merged PDF in the order given, generating missing documents',
    { timeout: 60_000 },
    async () => {
      const licenses = (await boundLicensesHalfWithDocuments(200)).reverse();
      const response = await download(
        'license',
        'pdf',
        licenses.map((license) => license._id),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toContain(
        `attachment; filename="${berlinToday}_Lizenzdokumente.pdf"`,
      );
      const merged = await PDFDocument.load(response.rawPayload);
      let pages = 0;
      for (const license of licenses) {
        pages += (await PDFDocument.load(await storedLicenseDocument(license._id))).getPageCount();
      }
      expect(merged.getPageCount()).toBe(pages);
      const [first, last] = await pageTexts(response.rawPayload, [1, merged.getPageCount()]);
      expect(first).toContain(formatLicenseKey(licenses[0]!.key));
      expect(first).toContain(UNICODE_HOLDER);
      expect(last).toContain(formatLicenseKey(licenses.at(-1)!.key));
    },
  );

  test(
    'as one ZIP with an entry per license, named by key, each the stored PDF',
    { timeout: 60_000 },
    async () => {
      const licenses = await boundLicensesHalfWithDocuments(200);
      const response = await download(
        'license',
        'zip',
        licenses.map((license) => license._id),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain(
        `filename="${berlinToday}_Lizenzdokumente.zip"`,
      );
      const entries = await unzip(response.rawPayload);
      expect(entries.map((entry) => entry.name)).toEqual(
        licenses.map((license) => `${formatLicenseKey(license.key)}.pdf`),
      );
      for (const [index, entry] of entries.entries()) {
        expect((await PDFDocument.load(entry.data)).getPageCount()).toBeGreaterThan(0);
        if (index % 40 === 0) {
          expect(entry.data.equals(await storedLicenseDocument(licenses[index]!._id))).toBe(true);
        }
      }
    },
  );
});

describe('batch download rules', () => {
  test('removes duplicates, keeps the order and generates missing starter documents', async () => {
    const [a, b] = await createLicenses(ctx.app.services.licenses, 2);
    const response = await download('starter', 'zip', [b!._id, a!._id, b!._id]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`${berlinToday}_Startdokumente.zip`);
    expect((await unzip(response.rawPayload)).map((entry) => entry.name)).toEqual([
      `${formatLicenseKey(b!.key)}.pdf`,
      `${formatLicenseKey(a!.key)}.pdf`,
    ]);
    const rows = await ctx.database.db.selectFrom('license').select('starter_document').execute();
    expect(rows.every((row) => row.starter_document !== null)).toBe(true);
  });

  test('fails before streaming, naming the keys of licenses that cannot have the document', async () => {
    const [unbound, boundWithout, boundWith] = await createLicenses(ctx.app.services.licenses, 3);
    const headers = await ctx.adminHeaders();
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${boundWith!._id}/starter-document`,
      headers,
    });
    await bindLicenses(ctx.database.db, [boundWithout!._id, boundWith!._id]);
    const ids = [unbound!._id, boundWithout!._id, boundWith!._id];
    expect(errorOf(await download('starter', 'pdf', ids))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: `Diese Lizenzen haben kein Startdokument, und es kann keines mehr erzeugt werden, weil sie bereits gebunden sind: ${formatLicenseKey(boundWithout!.key)}.`,
    });
    expect(errorOf(await download('license', 'zip', ids))).toEqual({
      status: 409,
      code: 'CONFLICT',
      message: `Diese Lizenzen haben kein Lizenzdokument, weil sie nicht gebunden sind: ${formatLicenseKey(unbound!.key)}.`,
    });
    // Nothing was generated for the failed requests.
    const row = await ctx.database.db
      .selectFrom('license')
      .select('license_document')
      .where('id', '=', boundWithout!._id)
      .executeTakeFirstOrThrow();
    expect(row.license_document).toBeNull();
  });

  test('takes the ids of existing licenses in any case', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const response = await download('starter', 'zip', [license!._id.toUpperCase()]);
    expect(response.statusCode).toBe(200);
    expect(await unzip(response.rawPayload)).toHaveLength(1);
  });

  test('answers 404 naming unknown licenses', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    const unknown = '0f5d2c1a-7b3e-4d9f-8a6c-1e2b3c4d5e6f';
    expect(errorOf(await download('starter', 'pdf', [license!._id, unknown]))).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      message: `Diese Lizenzen wurden nicht gefunden: ${unknown}.`,
    });
  });

  test('answers 400 for bad input and is for admins only', async () => {
    const [license] = await createLicenses(ctx.app.services.licenses, 1);
    expect(errorOf(await download('starter', 'pdf', []))).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Bitte wählen Sie zwischen 1 und 1.000 Lizenzen aus.',
    });
    const tooMany = Array.from({ length: 1001 }, () => license!._id);
    expect(errorOf(await download('starter', 'pdf', tooMany))).toMatchObject({ status: 400 });
    expect(errorOf(await download('starter', 'pdf', ['no-uuid']))).toMatchObject({ status: 400 });
    expect(errorOf(await download('starter', 'pdf', 'x'))).toMatchObject({ status: 400 });
    expect(errorOf(await download('starter', 'docx', [license!._id]))).toMatchObject({ status: 400 });
    expect(errorOf(await download('offer', 'pdf', [license!._id]))).toMatchObject({ status: 400 });
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/batch-download/license-documents/starter/pdf',
      headers: { ...(await ctx.adminHeaders()), 'content-type': 'application/json' },
      payload: '{"licenses": [',
    });
    expect(errorOf(malformed)).toMatchObject({ status: 400, code: 'MALFORMED_JSON' });
    expect((await download('starter', 'pdf', [license!._id], {})).statusCode).toBe(401);
  });
});
