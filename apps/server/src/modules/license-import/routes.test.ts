import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import {
  importFieldTitle,
  licenseImportMessages,
  licenseImportPageMessages as texts,
  type LicenseImportRunRequest,
  type LicenseImportUpload,
} from '@lizenzportal/domain';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { ABANDONED_AFTER_SECONDS } from './repository.ts';
import { lastHeartbeat, startedImportRun } from './test-helpers.ts';
import { LicenseImportUploads } from './uploads.ts';

const ctx = useTestApp({ WORKER: 'inline' });

const TITLES = ['key', 'startCode', 'version', 'status', 'properties.class', 'holder.name'] as const;
const HEAD = TITLES.map(importFieldTitle).join(';');
const GOOD = [
  'ABCD-EFGH-JKMN;123456;Version 8;Ungebunden;Einzellizenz;',
  'BCDE-FGHJ-KMNP;234567;Version 9;Gebunden;Mehrfachlizenz;Förderschule Am Park',
];
const BAD = 'CDEF-GHJK-MNPQ;345678;Version 8;Ungebunden;Riesenlizenz;';
const csv = (...rows: string[]) => `${[HEAD, ...rows].join('\r\n')}\r\n`;

async function upload(content: string | Buffer, name = 'Altbestand.csv', headers?: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license-import-upload?name=${encodeURIComponent(name)}`,
    headers: { 'content-type': 'text/csv', ...(headers ?? (await ctx.adminHeaders())) },
    payload: content,
  });
}

async function uploaded(content: string | Buffer, name?: string): Promise<LicenseImportUpload> {
  const response = await upload(content, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.upload;
}

async function current(id: string): Promise<LicenseImportUpload> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/license-import-upload/${id}`,
    headers: await ctx.adminHeaders(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.upload;
}

async function ask(id: string, body: LicenseImportRunRequest) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/license-import-upload/${id}/run`,
    headers: await ctx.adminHeaders(),
    payload: body,
  });
}

/** Asks for a run and waits for its job: the upload as the page sees it once the run is over. */
async function run(file: LicenseImportUpload, body: Omit<LicenseImportRunRequest, 'mapping'>) {
  const response = await ask(file._id, { mapping: file.mapping, ...body });
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json().data.upload.pending).toEqual({
    dryRun: body.dryRun,
    onlyValid: body.onlyValid ?? false,
  });
  return eventually(async () => {
    const state = await current(file._id);
    return state.pending || !state.run || state.run.status === 'running' ? undefined : state;
  }, 30_000);
}

const licenseCount = async () =>
  Number(
    (
      await ctx.database.db
        .selectFrom('license')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const signIn = (key: string, authenticationCode: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/license', payload: { key, authenticationCode } });

describe('„Lizenzen importieren” over the API', { timeout: 60_000 }, () => {
  test('upload, dry run, import: the licenses sign in, the file is removed, the run is listed with its report', async () => {
    const file = await uploaded(csv(...GOOD));
    expect(file).toMatchObject({
      fileName: 'Altbestand.csv',
      columns: TITLES.map(importFieldTitle),
      rowsExpected: 2,
      pending: null,
      run: null,
      fileRemoved: false,
    });
    expect(file.mapping).toEqual(Object.fromEntries(TITLES.map((field) => [importFieldTitle(field), field])));

    const checked = await run(file, { dryRun: true });
    expect(checked.run).toMatchObject({
      status: 'checked',
      dryRun: true,
      rowsRead: 2,
      imported: 2,
      invalid: 0,
    });
    expect(await licenseCount()).toBe(0);

    const done = await run(checked, { dryRun: false });
    expect(done.run).toMatchObject({ status: 'completed', dryRun: false, imported: 2, actor: 'test-admin' });
    expect(done.fileRemoved).toBe(true);
    expect(await ctx.app.services.storage.exists(`license-imports/${file._id}`)).toBe(false);
    expect((await signIn('abcd efgh jkmn', '123456')).statusCode).toBe(200);
    expect((await signIn('BCDEFGHJKMNP', 'Förderschule Am Park')).statusCode).toBe(200);

    const runs = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license-import-run',
      headers: await ctx.adminHeaders(),
    });
    expect(runs.json().data).toMatchObject({
      total: 2,
      runs: [
        {
          _id: done.run!._id,
          dryRun: false,
          fileName: 'Altbestand.csv',
          sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        },
        { _id: checked.run!._id, dryRun: true },
      ],
    });
    // The import after it has been done: the file is gone.
    const again = await ask(file._id, { mapping: file.mapping, dryRun: true });
    expect(errorOf(again)).toMatchObject({ status: 409, message: texts.fileGone });
  });

  test('a file with a bad row imports nothing, unless „Nur gültige Zeilen importieren” is chosen', async () => {
    const file = await uploaded(csv(GOOD[0]!, BAD, GOOD[1]!));
    const checked = await run(file, { dryRun: true });
    expect(checked.run).toMatchObject({ status: 'refused', invalid: 1, imported: 2 });
    const findings = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license-import-run/${checked.run!._id}/findings`,
      headers: await ctx.adminHeaders(),
    });
    expect(findings.json().data).toEqual({
      total: 1,
      findings: [
        {
          line: 3,
          column: importFieldTitle('properties.class'),
          kind: 'error',
          message: expect.stringContaining('Unbekannter Wert „Riesenlizenz”'),
        },
      ],
    });

    const refused = await run(checked, { dryRun: false });
    expect(refused.run).toMatchObject({ status: 'refused', dryRun: false, imported: 0 });
    expect(refused.fileRemoved).toBe(false);
    expect(await licenseCount()).toBe(0);

    // The refused import was no dry run: the import asks for one first.
    const withoutDryRun = await ask(file._id, { mapping: file.mapping, dryRun: false, onlyValid: true });
    expect(errorOf(withoutDryRun)).toMatchObject({ status: 409, message: texts.importNeedsDryRun });
    await run(refused, { dryRun: true });
    const valid = await run(refused, { dryRun: false, onlyValid: true });
    expect(valid.run).toMatchObject({ status: 'completed', onlyValid: true, imported: 2, invalid: 1 });
    expect(await licenseCount()).toBe(2);

    const report = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license-import-run/${valid.run!._id}/report`,
      headers: await ctx.adminHeaders(),
    });
    expect(report.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(report.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Importbericht Altbestand.csv.csv')}`,
    );
    expect(report.body.split('\r\n')).toEqual([
      '\uFEFFZeile;Spalte;Art;Meldung',
      expect.stringMatching(
        `^3;${importFieldTitle('properties.class')};Fehler;Unbekannter Wert „Riesenlizenz”`,
      ),
      '',
    ]);
  });

  test('the same file twice changes nothing: the second import reports every row unchanged', async () => {
    const first = await uploaded(csv(...GOOD));
    await run(await run(first, { dryRun: true }), { dryRun: false });
    const before = await ctx.database.db.selectFrom('license').selectAll().orderBy('key').execute();

    const second = await uploaded(csv(...GOOD));
    const checked = await run(second, { dryRun: true });
    expect(checked.run).toMatchObject({ status: 'checked', imported: 0, unchanged: 2 });
    const done = await run(checked, { dryRun: false });
    expect(done.run).toMatchObject({ status: 'completed', imported: 0, unchanged: 2 });
    expect(await ctx.database.db.selectFrom('license').selectAll().orderBy('key').execute()).toEqual(before);
  });

  test("an old system's titles are mapped, and the next upload starts with that mapping", async () => {
    const old = [
      'Schluessel;Code;Ausgabe;Zustand;Art;Kunde;Intern',
      'ABCD-EFGH-JKMN;123456;8;unbound;single;;x',
    ].join('\n');
    const file = await uploaded(iconv.encode(old, 'win1252'), 'alt.csv');
    expect(file.mapping).toEqual({
      Schluessel: null,
      Code: null,
      Ausgabe: null,
      Zustand: null,
      Art: null,
      Kunde: null,
      Intern: null,
    });
    const mapping = {
      Schluessel: 'key',
      Code: 'startCode',
      Ausgabe: 'version',
      Zustand: 'status',
      Art: 'properties.class',
      Kunde: 'holder.name',
      Intern: null,
    };
    const checked = await run({ ...file, mapping }, { dryRun: true });
    expect(checked.run).toMatchObject({ status: 'checked', imported: 1 });
    // Another mapping than the dry run's: a dry run first.
    const changed = await ask(file._id, { mapping: { ...mapping, Kunde: null }, dryRun: false });
    expect(errorOf(changed)).toMatchObject({ status: 409, message: texts.importNeedsDryRun });

    const next = await uploaded(old, 'alt-2.csv');
    expect(next.mapping).toEqual(mapping);
  });

  test('a run a killed process left running starts over, and abandoned uploads are swept after a day', async () => {
    const file = await uploaded(csv(...GOOD));
    // As a process killed in the middle of a dry run leaves it: asked for, its run still running.
    const uploads = ctx.app.services.licenseImportUploads;
    // …with the rows it had staged, which its own end would have dropped.
    const stale = await startedImportRun(ctx.database.db, 'Altbestand.csv', {
      actor: 'test-admin',
      dryRun: true,
      mapping: file.mapping,
      staged: true,
    });
    await ctx.database.db
      .updateTable('license_import_upload')
      .set({
        run: stale,
        requested_actor: 'test-admin',
        requested_dry_run: true,
        requested_only_valid: false,
        requested_mapping: JSON.stringify(file.mapping),
      })
      .where('id', '=', file._id)
      .execute();
    // Its process's last heartbeat was past the bound (decision 082) when the job is retried.
    await lastHeartbeat(ctx.database.db, stale, ABANDONED_AFTER_SECONDS + 1);
    const staged = (run: string) =>
      ctx.database.db.selectFrom('license_import_row').select('line').where('run', '=', run).execute();
    expect(await staged(stale)).toEqual([{ line: 2 }]);
    await uploads.work(file._id);
    expect(await staged(stale)).toEqual([]);
    const state = await current(file._id);
    expect(state.run).toMatchObject({ status: 'checked', rowsRead: 2 });
    expect(await ctx.app.services.licenseImports.findRun(stale)).toMatchObject({
      status: 'failed',
      error: licenseImportMessages.abandoned,
    });

    expect(await uploads.sweepAbandoned(new Date(Date.now() + 23 * 3_600_000))).toBe(0);
    expect(await uploads.sweepAbandoned(new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect((await current(file._id)).fileRemoved).toBe(true);
    expect(await ctx.app.services.storage.exists(`license-imports/${file._id}`)).toBe(false);
  });

  test('files that cannot be read are refused at upload, with the reason in German', async () => {
    const utf16 = await upload(Buffer.from([0xff, 0xfe, 0x41, 0x00]));
    expect(errorOf(utf16)).toMatchObject({ status: 400, message: expect.stringContaining('UTF-16') });
    const empty = await upload('');
    expect(errorOf(empty)).toMatchObject({ status: 400, message: 'Die Datei ist leer.' });
    const tooLarge = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license-import-upload?name=gross.csv',
      headers: {
        'content-type': 'text/csv',
        'content-length': String(300 * 1024 * 1024),
        ...(await ctx.adminHeaders()),
      },
      payload: 'x',
    });
    expect(errorOf(tooLarge)).toMatchObject({ status: 413, message: expect.stringContaining('256 MB') });
  });

  test('a file that streams past the limit without announcing its length is cut off, and nothing is kept', async () => {
    const { services } = ctx.app;
    const uploads = new LicenseImportUploads({
      db: ctx.database.db,
      storage: services.storage,
      queue: services.queue,
      imports: services.licenseImports,
      maxBytes: 1024 * 1024,
    });
    const chunks = [
      Buffer.from(csv(...GOOD)),
      Buffer.alloc(600 * 1024, 0x20),
      Buffer.alloc(600 * 1024, 0x20),
    ];
    await expect(uploads.receive(Readable.from(chunks), 'gross.csv', 'test-admin')).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: texts.fileTooLarge(1),
    });
    expect(await ctx.database.db.selectFrom('license_import_upload').selectAll().execute()).toEqual([]);
  });

  test('only admins: a license user gets 403 and a visitor 401 on every route of the import', async () => {
    const file = await uploaded(csv(...GOOD));
    const checked = await run(file, { dryRun: true });
    const license = await ctx.createLicense();
    const token = (await signIn(license.key, license.startCode)).json().data.token as string;
    const calls = [
      { method: 'POST', url: '/api/v1/license-import-upload?name=a.csv', payload: csv(...GOOD) },
      { method: 'GET', url: `/api/v1/license-import-upload/${file._id}` },
      {
        method: 'POST',
        url: `/api/v1/license-import-upload/${file._id}/run`,
        payload: { mapping: {}, dryRun: true },
      },
      { method: 'GET', url: '/api/v1/license-import-run' },
      { method: 'GET', url: `/api/v1/license-import-run/${checked.run!._id}/findings` },
      { method: 'GET', url: `/api/v1/license-import-run/${checked.run!._id}/report` },
    ] as const;
    for (const call of calls) {
      const contentType =
        call.method === 'POST' && call.url.includes('name=') ? { 'content-type': 'text/csv' } : {};
      const forbidden = await ctx.app.inject({
        ...call,
        headers: { ...contentType, authorization: `Bearer ${token}` },
      });
      expect(forbidden.statusCode, `${call.method} ${call.url}`).toBe(403);
      const anonymous = await ctx.app.inject({ ...call, headers: contentType });
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await current(file._id)).pending).toBeNull();
  });
});
