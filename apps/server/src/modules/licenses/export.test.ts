import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { errorOf, useTestApp } from '../../test/app.ts';

const ctx = useTestApp();

async function exportCsv(query: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/license-export${query}`,
    headers: await ctx.adminHeaders(),
  });
}

/** The CSV's rows as cells (no cell in these tests holds a line break). */
function rowsOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

/** Licenses noted „Massenimport”, of size 1 (the newest) to `count`, one second apart. */
async function insertLicenses(count: number): Promise<void> {
  await sql`
    insert into license (key, version, start_code, authentication_code, status, type_of_entry, class, type,
      size, delivery, special_permissions, notes, created_at)
    select 'BULK' || translate(lpad(n::text, 8, '0'), '01', 'AB'), '9', '123456', '123456', 'unbound', 'order', 'pro', 'full',
      n, 'download', '{}', 'Massenimport', now() - make_interval(secs => n)
    from generate_series(1, ${count}) as n
  `.execute(ctx.database.db);
}

describe('the CSV export of licenses', () => {
  test('exports the filtered list with German headers and values; formulas are defused', async () => {
    const plain = await ctx.createLicense({ notes: 'Schule; Haus "B"', properties: { class: 'server' } });
    await ctx.createLicense({ notes: '=HYPERLINK("http://böse.example")' });
    await ctx.createLicense({ notes: 'anderes' });

    const response = await exportCsv('?notes=/haus|hyperlink/i&sort=createdAt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="\d{4}-\d{2}-\d{2}_Lizenzen\.csv"$/,
    );
    const body = response.body;
    const [head, ...rows] = rowsOf(body);
    expect(head!.slice(0, 5)).toEqual(['Lizenzschlüssel', 'Startcode', 'Version', 'Status', 'Lizenzklasse']);
    expect(rows).toHaveLength(2);
    const key = `${plain.key.slice(0, 4)}-${plain.key.slice(4, 8)}-${plain.key.slice(8)}`;
    expect(rows[0]!.slice(0, 5)).toEqual([
      key,
      `${plain.startCode.slice(0, 3)} ${plain.startCode.slice(3)}`,
      'Version 9',
      'Ungebunden',
      'Serverlizenz',
    ]);
    expect(body).toContain('"Schule; Haus ""B"""');
    expect(body).toContain(`"'=HYPERLINK(""http://böse.example"")"`);
  });

  // What a spreadsheet runs as a formula: = + - @, a tab or a carriage return first, and the
  // full-width forms of = + - @ (which spreadsheets read as their ASCII twins). Stored rows may hold
  // them (imports, older versions), even where today's forms trim the input.
  test.each([
    ['=', 'equals'],
    ['+', 'plus'],
    ['-', 'minus'],
    ['@', 'at'],
    ['\t', 'tab'],
    ['\r', 'carriage return'],
    ['\uFF1D', 'full-width equals'],
    ['\uFF0B', 'full-width plus'],
    ['\uFF0D', 'full-width minus'],
    ['\uFF20', 'full-width at'],
  ])('a cell starting with %j (%s) is defused with an apostrophe', async (starter) => {
    await insertLicenses(1);
    await sql`update license set notes = ${`${starter}SUM(A1)`}`.execute(ctx.database.db);
    const [head, ...rows] = rowsOf((await exportCsv('')).body);
    const cell = rows[0]![head!.indexOf('Notizen')]!;
    expect(cell.replace(/^"(.*)"$/s, '$1')).toBe(`'${starter}SUM(A1)`);
  });

  test('a cell starting with anything else is left as it is', async () => {
    await insertLicenses(1);
    await sql`update license set notes = ${'Summe =SUM(A1)'}`.execute(ctx.database.db);
    const [head, ...rows] = rowsOf((await exportCsv('')).body);
    expect(rows[0]![head!.indexOf('Notizen')]).toBe('Summe =SUM(A1)');
  });

  test('exports the selection in the order asked for', async () => {
    const first = await ctx.createLicense({ notes: 'eins' });
    await ctx.createLicense({ notes: 'zwei' });
    const third = await ctx.createLicense({ notes: 'drei' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license-export',
      headers: await ctx.adminHeaders(),
      payload: { licenses: [first._id, third._id], sort: 'createdAt' },
    });
    expect(response.statusCode).toBe(200);
    const [head, ...rows] = rowsOf(response.body);
    const notes = head!.indexOf('Notizen');
    expect(rows.map((row) => row[notes])).toEqual(['eins', 'drei']);
  });

  test('streams a list longer than one batch completely, in order', async () => {
    const license = await ctx.createLicense();
    await insertLicenses(1234);
    const response = await exportCsv('?notes=Massenimport&sort=-createdAt');
    const [head, ...rows] = rowsOf(response.body);
    const size = head!.indexOf('Größe');
    expect(rows).toHaveLength(1234);
    expect(rows.map((row) => Number(row[size]))).toEqual(
      Array.from({ length: 1234 }, (_, index) => index + 1),
    );
    expect(response.body).not.toContain(license.key);
  });

  test('other requests answer while a long export waits for its reader; the export still holds every row', async () => {
    await insertLicenses(3000);
    const exporting = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license-export?notes=Massenimport&sort=-createdAt',
      headers: await ctx.adminHeaders(),
      payloadAsStream: true,
    });
    expect(exporting.statusCode).toBe(200);
    // Nobody reads the export yet, so it waits after its first batches: on PGlite an export holding
    // one transaction would keep this list waiting until the export ends.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/license?limit=1&sort=createdAt',
      headers: await ctx.adminHeaders(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.licenses).toHaveLength(1);
    const chunks: Buffer[] = [];
    for await (const chunk of exporting.stream()) chunks.push(chunk as Buffer);
    const [head, ...rows] = rowsOf(Buffer.concat(chunks).toString('utf8'));
    const size = head!.indexOf('Größe');
    expect(rows.map((row) => Number(row[size]))).toEqual(
      Array.from({ length: 3000 }, (_, index) => index + 1),
    );
  });

  test('an export by a key some rows lack holds every row once: nulls last ascending, first descending', async () => {
    await insertLicenses(1100);
    await sql`
      update license set holder_name = 'Name ' || lpad(size::text, 4, '0') where key like 'BULK%' and size % 2 = 0
    `.execute(ctx.database.db);
    const named = Array.from({ length: 550 }, (_, index) => 2 * index + 2);
    const sizes = async (sort: string) => {
      const [head, ...rows] = rowsOf((await exportCsv(`?notes=Massenimport&sort=${sort}`)).body);
      expect(new Set(rows.map((row) => row[head!.indexOf('ID')])).size).toBe(1100);
      return rows.map((row) => Number(row[head!.indexOf('Größe')]));
    };
    // Batches of 500 cross from the named rows to the unnamed ones (ordered by id) and back.
    const ascending = await sizes('holder.name');
    expect(ascending.slice(0, 550)).toEqual(named);
    expect(ascending.slice(550).every((size) => size % 2 === 1)).toBe(true);
    const descending = await sizes('-holder.name');
    expect(descending.slice(0, 550).every((size) => size % 2 === 1)).toBe(true);
    expect(descending.slice(550)).toEqual(named.toReversed());
  });

  test('bad filters are a 400, values never SQL; only admins may export', async () => {
    expect(errorOf(await exportCsv('?color=red')).status).toBe(400);
    // A value is a parameter, never SQL: the quote finds no license and the table stays.
    await ctx.createLicense();
    const injection = await exportCsv(`?notes=${encodeURIComponent("x';drop table license;--")}`);
    expect(rowsOf(injection.body)).toHaveLength(1);
    expect(rowsOf((await exportCsv('')).body)).toHaveLength(2);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/license-export' });
    expect(errorOf(anonymous).status).toBe(401);
    const tooMany = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/license-export',
      headers: await ctx.adminHeaders(),
      payload: { licenses: [] },
    });
    expect(errorOf(tooMany).status).toBe(400);
  });
});
