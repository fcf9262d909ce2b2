import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import { sql } from 'kysely';
import {
  assistantMessages,
  formatLicenseKey,
  importFieldTitle,
  licenseImportMessages as messages,
  type ImportMapping,
  type License,
} from '@lizenzportal/domain';
import { afterAll, describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';
import { resetDatabase } from '../../test/database.ts';
import { eventually } from '../../test/smtp.ts';
import { webhookSignature } from '../shop/signature.ts';
import { orderNumbered } from '../shop/test-orders.ts';
import { bearer, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';

const SECRET = 'license-import-secret';
const ctx = useTestApp({ WORKER: 'inline', SHOP_WEBHOOK_SECRET: SECRET });
const { accessTokenOf, created, createSession, newPurchase } = sessionHelpers(ctx);

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'license-import-'));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const target = path.join(directory, name);
  fs.writeFileSync(target, content);
  return target;
}

async function importFile(
  target: string,
  options: { dryRun?: boolean; onlyValid?: boolean; mapping?: ImportMapping } = {},
) {
  const outcome = await ctx.app.services.licenseImports.run({
    path: target,
    fileName: path.basename(target),
    actor: 'test-admin',
    dryRun: options.dryRun ?? false,
    onlyValid: options.onlyValid ?? false,
    mapping: options.mapping,
  });
  const findings: string[] = [];
  const kind = outcome.file.format === 'json-array' ? 'entry' : 'line';
  for await (const page of ctx.app.services.licenseImports.findings(outcome.run)) {
    for (const finding of page) {
      findings.push(`${messages.location(kind, finding.line, finding.column_title)}: ${finding.message}`);
    }
  }
  return { ...outcome, findings };
}

const licenseCount = async () => (await ctx.database.db.selectFrom('license').select('id').execute()).length;

/** The head of the export and rows of the given cells (by field name), `;`-separated, CRLF. */
const HEAD = ['key', 'startCode', 'version', 'status', 'properties.class', 'holder.name'] as const;
function csv(
  rows: readonly (readonly string[])[],
  head: readonly string[] = HEAD.map(importFieldTitle),
): string {
  return [head, ...rows].map((cells) => cells.join(';')).join('\r\n') + '\r\n';
}

async function exportCsv(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/v1/license-export?sort=key',
    headers: await ctx.adminHeaders(),
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

async function signIn(key: string, authenticationCode: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/license',
    payload: { key, authenticationCode },
  });
}

async function licenseByKey(key: string) {
  return ctx.database.db.selectFrom('license').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
}

describe('importing licenses from a file', { timeout: 60_000 }, () => {
  test('an export imports into an empty portal as the same licenses, every exported column', async () => {
    const successor = await ctx.createLicense({
      version: '9',
      properties: { class: 'pro', size: 12, dvdCount: 2 },
    });
    const original = await ctx.createLicense({
      version: '8',
      properties: { class: 'server', size: 20, delivery: 'dvd' },
      notes: 'Schule; Haus "B"\nzweite Zeile',
    });
    await ctx.bindLicense(original, { name: 'Förderschule Am Park', email: 'park@example.com' });
    const edited = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/license/${original._id}`,
        headers: await ctx.adminHeaders(),
      })
    ).json().data.license;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/license/${original._id}`,
      headers: await ctx.adminHeaders(),
      payload: {
        ...edited,
        status: 'disabled',
        updatedToLicense: successor._id,
        downloads: { software: 3, metasearch: 1 },
        productSKU: 'M9-PRO',
        specialPermissions: ['metasearch-server-info'],
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    await ctx.createLicense({ version: '9', properties: { class: 'personal' }, notes: '=SUMME(A1)' });
    const exported = await exportCsv();

    await resetDatabase(ctx.database);
    const outcome = await importFile(file('Lizenzen.csv', exported));
    expect(outcome.findings).toEqual([]);
    expect(outcome).toMatchObject({ status: 'completed', rowsRead: 3, imported: 3, invalid: 0 });
    expect(await exportCsv()).toBe(exported);

    // Nothing is mailed and no document is made: documents are made on demand.
    const jobs = await ctx.database.db.selectFrom('delivery').select('id').execute();
    expect(jobs).toEqual([]);
    const imported = await licenseByKey(successor.key);
    expect(imported).toMatchObject({ starter_document: null, license_document: null });
    // The line the successor's key stands on (the other licenses' notes span two lines).
    const lineOf = (key: string) =>
      exported.slice(0, exported.indexOf(formatLicenseKey(key))).split('\n').length;
    const trail = await ctx.app.services.audit.forEntity('license', successor._id);
    expect(trail).toEqual([
      expect.objectContaining({
        action: 'imported',
        actor: 'test-admin',
        note: `Importiert aus Lizenzen.csv, Zeile ${lineOf(successor.key)}`,
      }),
    ]);
    const run = await ctx.app.services.licenseImports.findRun(outcome.run);
    expect(run).toMatchObject({
      actor: 'test-admin',
      file_name: 'Lizenzen.csv',
      file_sha256: (await import('node:crypto')).createHash('sha256').update(exported).digest('hex'),
      status: 'completed',
      rows_read: 3,
      imported: 3,
    });
  });

  test('an unbound version 8 license signs in as the old system wrote it, binds, downloads and is updated to version 9', async () => {
    const outcome = await importFile(
      file('alt.csv', csv([['abcd efgh jkmn', '123-456', 'Version 8', 'Ungebunden', 'Mehrfachlizenz', '']])),
    );
    expect(outcome).toMatchObject({ status: 'completed', imported: 1 });
    expect((await signIn('ABCD-EFGH-JKMN', '654 321')).statusCode).toBe(401);
    const signedIn = await signIn('abcd-efgh-jkmn', '123 456');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const token = signedIn.json().data.token as string;
    const license = signedIn.json().data.userData as License;
    expect(license).toMatchObject({
      key: 'ABCDEFGHJKMN',
      version: '8',
      status: 'unbound',
      startCode: '123456',
    });

    const bound = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/license/${license._id}/holder`,
      headers: bearer(token),
      payload: {
        holderType: 'organization',
        name: 'Grundschule Lindenweg',
        contact: 'Frau Öztürk',
        email: 'sekretariat@lindenweg.example',
        emailConfirmation: 'sekretariat@lindenweg.example',
      },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const holderToken = (await signIn('ABCDEFGHJKMN', 'Grundschule Lindenweg')).json().data.token as string;

    const releaseFile = file('symbolsoftware-8.zip', 'v8');
    await ctx.app.services.releases.publish({ product: 'software-8', version: '8.7.4', file: releaseFile });
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${license._id}/download/software/url`,
      headers: bearer(holderToken),
    });
    expect(link.statusCode, link.body).toBe(200);

    const boundLicense = (await ctx.app.services.licenses.get(license._id, {
      type: 'admin',
    } as never)) as License;
    const { session, token: sessionToken } = await created(
      newPurchase({
        purchaseType: 'upgrade',
        fromVersion: '8',
        originalLicenses: [license._id],
        accessTokens: [await accessTokenOf(boundLicense)],
        properties: null,
      }),
    );
    const patched = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/upgrade-session/${session._id}`,
      headers: bearer(sessionToken),
      payload: {
        properties: { class: 'pro', size: 1, dvdCount: 0 },
        holder: {
          holderType: 'organization',
          name: 'Grundschule Lindenweg',
          email: 'sekretariat@lindenweg.example',
          contact: 'Frau Öztürk',
        },
      },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const order = orderNumbered(3401, {
      meta_data: [
        { key: 'upgrade_session_id', value: session._id },
        { key: 'upgrade_session_token', value: sessionToken },
        { key: 'offer_token', value: '' },
        { key: 'purchase_type', value: 'upgrade' },
      ],
      line_items: [
        {
          id: 1,
          name: 'M9-PROU',
          product_id: 0,
          variation_id: 0,
          sku: 'M9-PROU',
          quantity: 1,
          meta_data: [],
        },
      ],
    });
    const body = JSON.stringify(order);
    const webhook = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/shop/webhook',
      headers: {
        'content-type': 'application/json',
        'x-wc-webhook-signature': webhookSignature(body, SECRET),
      },
      payload: body,
    });
    const generationId = webhook.json().data.orderGeneration as string;
    const generation = await eventually(async () => {
      const current = await ctx.app.services.orderGenerations.get(generationId);
      return current.progress === 'in-progress' ? undefined : current;
    }, 45_000);
    expect(generation).toMatchObject({ progress: 'completed', error: null });
    const old = (await ctx.app.services.licenses.get(license._id, { type: 'admin' } as never)) as License;
    expect(old.status).toBe('disabled');
    const successor = (await ctx.app.services.licenses.get(old.updatedToLicense!, {
      type: 'admin',
    } as never)) as License;
    expect(successor).toMatchObject({
      version: '9',
      status: 'bound',
      authenticationCode: 'Grundschule Lindenweg',
    });
  });

  test('a bound license signs in with its holder name; a version 7 license gets the version 7 rules', async () => {
    const outcome = await importFile(
      file(
        'gebunden.csv',
        csv([
          ['WXYZ-2345-6789', '111111', '8', 'Gebunden', 'Einzellizenz', 'Praxis Dr. Weiß'],
          ['QRST-2345-6789', '222222', '7', 'Gebunden', 'Einzellizenz', 'Kita Sonnenschein'],
        ]),
      ),
    );
    expect(outcome).toMatchObject({ status: 'completed', imported: 2 });
    // Its start code no longer signs it in: the holder name does.
    expect((await signIn('WXYZ23456789', '111 111')).statusCode).not.toBe(200);
    const bound = await signIn('WXYZ23456789', 'Praxis Dr. Weiß');
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json().data.userData).toMatchObject({
      status: 'bound',
      holder: { name: 'Praxis Dr. Weiß' },
    });

    const v7 = await signIn('QRST23456789', 'Kita Sonnenschein');
    expect(v7.statusCode, v7.body).toBe(200);
    const license = v7.json().data.userData as License;
    expect(license.version).toBe('7');
    // No version 7 software is published: its main download and release notes are refused.
    const software = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/license/${license._id}/download/software/url`,
      headers: bearer(v7.json().data.token),
    });
    expect(software.statusCode).toBe(403);
    // The assistant offers version 7 no update.
    const upgrade = await createSession(
      newPurchase({
        purchaseType: 'upgrade',
        fromVersion: '8',
        originalLicenses: [license._id],
        accessTokens: [v7.json().data.token],
        properties: null,
      }),
    );
    expect(upgrade.statusCode).toBe(400);
    expect(errorOf(upgrade).message).toBe(assistantMessages.upgradeNeedsVersion8('7'));
  });

  test('a Windows-1252 file with umlauts is read as such', async () => {
    const content = iconv.encode(
      csv([['WXYZ-2345-6789', '111111', '9', 'Gebunden', 'Persönliche Lizenz', 'Jürgen Größmann']]),
      'windows-1252',
    );
    expect(content.includes(Buffer.from('ü'))).toBe(false);
    const outcome = await importFile(file('ansi.csv', content));
    expect(outcome.findings).toEqual([]);
    expect(outcome).toMatchObject({ status: 'completed', imported: 1, file: { encoding: 'windows-1252' } });
    expect(await licenseByKey('WXYZ23456789')).toMatchObject({
      holder_name: 'Jürgen Größmann',
      authentication_code: 'Jürgen Größmann',
      class: 'personal',
    });
  });

  const good = ['WXYZ-2345-6789', '111111', '9', 'Ungebunden', 'Pro-Lizenz', ''];
  test.each([
    [
      'an unknown class',
      [['QRST-2345-6789', '222222', '9', 'Ungebunden', 'Sammellizenz', '']],
      'Zeile 3, Spalte „Lizenzklasse”: Unbekannter Wert „Sammellizenz” (erlaubt: Einzellizenz, Mehrfachlizenz, Serverlizenz, Pro-Lizenz, Persönliche Lizenz).',
    ],
    [
      'a bound license without holder name',
      [['QRST-2345-6789', '222222', '9', 'Gebunden', 'Pro-Lizenz', '']],
      `Zeile 3, Spalte „Name des Lizenznehmers”: ${messages.boundWithoutHolder}`,
    ],
    [
      'a duplicate key within the file',
      [['wxyz 2345 6789', '222222', '9', 'Ungebunden', 'Pro-Lizenz', '']],
      `Zeile 3, Spalte „Lizenzschlüssel”: ${messages.duplicateKey(2)}`,
    ],
    [
      'a key alike but for 0 and O',
      [
        ['WXYZ-2345-67O9', '222222', '9', 'Ungebunden', 'Pro-Lizenz', ''],
        ['WXYZ-2345-6709', '222222', '9', 'Ungebunden', 'Pro-Lizenz', ''],
      ],
      `Zeile 3, Spalte „Lizenzschlüssel”: ${messages.ambiguousKey('WXYZ234567O9'.replace('O', '0'), messages.inLine(4))}`,
    ],
    [
      'a key that is no key',
      [['WXYZ-2345-678', '222222', '9', 'Ungebunden', 'Pro-Lizenz', '']],
      `Zeile 3, Spalte „Lizenzschlüssel”: ${messages.keyShape('WXYZ-2345-678')}`,
    ],
    [
      'a start code that is none',
      [['QRST-2345-6789', '2222', '9', 'Ungebunden', 'Pro-Lizenz', '']],
      `Zeile 3, Spalte „Startcode”: ${messages.startCodeShape('2222')}`,
    ],
  ])('%s: the file imports nothing and names the row', async (_, rows, finding) => {
    const outcome = await importFile(file('fehler.csv', csv([good, ...rows])));
    expect(outcome.findings).toContain(finding);
    expect(outcome).toMatchObject({ status: 'refused', imported: 0 });
    expect(await licenseCount()).toBe(0);
  });

  test.each([
    ['size 0', 'properties.size', '0', '„0” ist keine ganze Zahl von 1 bis 100.000.'],
    ['an e-mail without @', 'holder.email', 'schule.example', messages.notAnEmail('schule.example')],
    [
      'a successor that does not exist',
      'updatedToLicense',
      'NOPE-2345-6789',
      messages.successorMissing('NOPE23456789'),
    ],
    ['a date that is none', 'createdAt', '31.02.2020', messages.notADate('31.02.2020')],
  ])('%s is named with line and column', async (_, field, value, message) => {
    const head = [...HEAD.map(importFieldTitle), importFieldTitle(field as never)];
    const outcome = await importFile(
      file(
        'spalte.csv',
        csv(
          [
            [...good, ''],
            ['QRST-2345-6789', '222222', '9', 'Ungebunden', 'Pro-Lizenz', '', value],
          ],
          head,
        ),
      ),
    );
    expect(outcome.findings).toContain(`Zeile 3, Spalte „${importFieldTitle(field as never)}”: ${message}`);
    expect(await licenseCount()).toBe(0);
  });

  test('with „nur gültige Zeilen” the valid rows are imported and the others named', async () => {
    const rows = [good, ['QRST-2345-6789', '222222', '9', 'Ungebunden', 'Sammellizenz', '']];
    const dry = await importFile(file('teil.csv', csv(rows)), { dryRun: true, onlyValid: true });
    expect(dry).toMatchObject({ status: 'checked', imported: 1, invalid: 1 });
    expect(await licenseCount()).toBe(0);
    const outcome = await importFile(file('teil.csv', csv(rows)), { onlyValid: true });
    expect(outcome).toMatchObject({ status: 'completed', imported: 1, invalid: 1 });
    expect(await licenseCount()).toBe(1);
  });

  test('a double-encoded file and one in neither encoding are refused, saying why', async () => {
    const doubled = await importFile(
      file('doppelt.csv', csv([['WXYZ-2345-6789', '111111', '9', 'Gebunden', 'Pro-Lizenz', 'JÃ¼rgen']])),
    );
    expect(doubled.findings).toEqual([
      `Zeile 2, Spalte „Name des Lizenznehmers”: ${messages.doubleEncoded('Ã¼')}`,
    ]);
    const neither = await importFile(
      file('kaputt.csv', Buffer.concat([Buffer.from(csv([good])), Buffer.from([0x81, 0x0d, 0x0a])])),
    );
    expect(neither.findings).toEqual([`Zeile 1: ${messages.notWindows1252(0x81)}`]);
    expect(await licenseCount()).toBe(0);
  });

  test('running the same file twice changes nothing; a key the portal has is reported, unchanged or different', async () => {
    const target = file(
      'zweimal.csv',
      csv([good, ['QRST-2345-6789', '222222', '8', 'Gebunden', 'Einzellizenz', 'Kita']]),
    );
    expect(await importFile(target)).toMatchObject({ status: 'completed', imported: 2 });
    const before = await ctx.database.db.selectFrom('license').selectAll().orderBy('key').execute();
    const audits = await ctx.database.db.selectFrom('audit_entry').select('id').execute();
    const again = await importFile(target);
    expect(again).toMatchObject({ status: 'completed', imported: 0, unchanged: 2, different: 0 });
    expect(again.findings).toEqual([`Zeile 2: ${messages.unchanged}`, `Zeile 3: ${messages.unchanged}`]);
    expect(await ctx.database.db.selectFrom('license').selectAll().orderBy('key').execute()).toEqual(before);
    expect(await ctx.database.db.selectFrom('audit_entry').select('id').execute()).toHaveLength(
      audits.length,
    );

    const changed = await importFile(
      file(
        'anders.csv',
        csv([good, ['QRST-2345-6789', '222222', '8', 'Gebunden', 'Mehrfachlizenz', 'Kita Regenbogen']]),
      ),
    );
    expect(changed).toMatchObject({ status: 'completed', imported: 0, unchanged: 1, different: 1 });
    expect(changed.findings).toContain(
      `Zeile 3: ${messages.different(['Lizenzklasse', 'Name des Lizenznehmers'])}`,
    );
    expect(await ctx.database.db.selectFrom('license').selectAll().orderBy('key').execute()).toEqual(before);
  });

  test('a run leaves the staging table no larger: the next run writes into the room the last one took', async () => {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const rows = Array.from({ length: 3000 }, (_, index) => [
      `ABCD-EFGH-${alphabet[index % 32]}${alphabet[(index >> 5) % 32]}${alphabet[(index >> 10) % 32]}A`,
      '123456',
      '8',
      'Ungebunden',
      'Einzellizenz',
      '',
    ]);
    const target = file('dreitausend.csv', csv(rows));
    const stagingBytes = async () =>
      Number(
        (
          await sql<{ bytes: number }>`select pg_relation_size('license_import_row') as bytes`.execute(
            ctx.database.db,
          )
        ).rows[0]!.bytes,
      );
    expect(await importFile(target, { dryRun: true })).toMatchObject({ status: 'checked', imported: 3000 });
    const afterFirst = await stagingBytes();
    expect(await importFile(target, { dryRun: true })).toMatchObject({ status: 'checked', imported: 3000 });
    expect(await stagingBytes()).toBeLessThanOrEqual(afterFirst);
  });

  test("an old system's columns are mapped to the portal's fields; JSON imports by the API's field names", async () => {
    const old =
      'Seriennummer,Code,Produkt,Zustand,Art,Kunde,Intern\n"ABCD-EFGH-JKMN","123 456",8,unbound,multiple,,x\n';
    const mapping = {
      Seriennummer: 'key',
      Code: 'startCode',
      Produkt: 'version',
      Zustand: 'status',
      Art: 'properties.class',
      Kunde: 'holder.name',
      Intern: null,
    };
    const unmapped = await importFile(file('alt-system.csv', old), { dryRun: true });
    expect(unmapped.findings).toContain(`Zeile 1: ${messages.missingColumn('Lizenzschlüssel')}`);
    expect(unmapped.findings).toContain(`Zeile 1, Spalte „Kunde”: ${messages.unmappedColumn('Kunde')}`);
    expect(await importFile(file('alt-system.csv', old), { mapping })).toMatchObject({
      status: 'completed',
      imported: 1,
    });

    const lines = [
      {
        key: 'QRST-2345-6789',
        startCode: '222 222',
        version: '9',
        status: 'bound',
        holder: { name: 'Kita', email: 'kita@example.com' },
        properties: { class: 'pro', size: 3 },
      },
      {
        key: 'WXYZ-2345-6789',
        startCode: '111111',
        version: '8',
        status: 'disabled',
        updatedToLicense: 'QRST-2345-6789',
        properties: { class: 'single' },
      },
    ];
    const jsonLines = await importFile(
      file('lizenzen.jsonl', lines.map((line) => JSON.stringify(line)).join('\n')),
    );
    expect(jsonLines.findings).toEqual([]);
    expect(jsonLines).toMatchObject({ status: 'completed', imported: 2, file: { format: 'json-lines' } });
    const successor = await licenseByKey('QRST23456789');
    expect(successor).toMatchObject({
      size: 3,
      holder_email: 'kita@example.com',
      authentication_code: 'Kita',
    });
    expect(await licenseByKey('WXYZ23456789')).toMatchObject({
      status: 'disabled',
      updated_to_license: successor.id,
    });

    const array = await importFile(
      file(
        'lizenzen.json',
        JSON.stringify([{ ...lines[0], key: 'MNPQ-2345-6789', properties: { class: 'Sammel' } }]),
      ),
    );
    expect(array.findings).toEqual([
      `Eintrag 1, Spalte „properties.class”: ${messages.unknownValue('Sammel', ['Einzellizenz', 'Mehrfachlizenz', 'Serverlizenz', 'Pro-Lizenz', 'Persönliche Lizenz'])}`,
    ]);
  });
});
