import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import {
  licenseImportMessages,
  toShopOrder,
  wooCommerceOrderSchema,
  type PersonalDataReport,
} from '@lizenzportal/domain';
import { useTestApp } from '../../test/app.ts';
import { orderNumbered, paidOrder } from '../shop/test-orders.ts';
import { bearer, schoolBilling, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';

const ctx = useTestApp();
const { newPurchase, created } = sessionHelpers(ctx);
const db = () => ctx.database.db;

const ANNA = { name: 'Anna Bergmann', email: 'anna.bergmann@praxis.example', order: 7101 };
const BERND = { name: 'Bernd Vogt', email: 'b.vogt@schule.example', order: 7102 };

/** A paid shop order billed to the person's practice: its billing names the e-mail address, not the person. */
async function seedShopOrder(person: typeof ANNA) {
  const billing = {
    ...paidOrder().billing!,
    first_name: '',
    last_name: '',
    company: 'Praxis am Markt',
    email: person.email,
  };
  const { orderGeneration } = await ctx.app.services.shop.intake.receive(
    toShopOrder(wooCommerceOrderSchema.parse(orderNumbered(person.order, { billing }))),
  );
  expect(orderGeneration).not.toBeNull();
  return orderGeneration!;
}

/**
 * An import of the old system's licenses that stopped with the person's row staged (rows are
 * emptied when a run ends) and a finding that quotes their address: upload, run, row, finding.
 */
async function seedImport(person: typeof ANNA) {
  const run = await db()
    .insertInto('license_import_run')
    .values({
      actor: 'verwaltung',
      file_name: 'altbestand.csv',
      file_sha256: '0'.repeat(64),
      file_bytes: 512,
      format: 'csv',
      encoding: 'utf-8',
      dry_run: true,
      only_valid: false,
      mapping: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('license_import_upload')
    .values({
      actor: 'verwaltung',
      file_name: 'altbestand.csv',
      file_bytes: 512,
      columns: JSON.stringify(['Lizenzschlüssel', 'E-Mail']),
      rows_expected: 2,
      run: run.id,
    })
    .execute();
  await sql`
    insert into license_import_row (run, line, key, folded_key, start_code, version, status, authentication_code,
      type_of_entry, holder_type, holder_name, holder_email, class, type, size, delivery, special_permissions,
      software_downloads, metasearch_downloads, note)
    values (${run.id}, 2, 'ABCDEFGHJKMN', 'ABCDEFGHJKMN', '123456', '8', 'bound', ${person.name}, 'import', 'person',
      ${person.name}, ${person.email}, 'pro', 'standard', 1, 'download', '{}', 0, 0, 'Importiert aus altbestand.csv, Zeile 2')`.execute(
    db(),
  );
  await db()
    .insertInto('license_import_finding')
    .values({
      run: run.id,
      line: 3,
      column_title: 'Typ',
      kind: 'error',
      message: licenseImportMessages.unknownValue(person.email, ['Einzellizenz']),
    })
    .execute();
}

/** A person as the portal meets them: a bound license, an offer, its mails, a contact change, a download. */
async function seedPerson(person: typeof ANNA) {
  const license = await ctx.bindLicense(await ctx.createLicense({ properties: { class: 'pro', size: 10 } }), {
    name: person.name,
    email: person.email,
  });
  const { session, token } = await created(newPurchase());
  const offer = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/upgrade-session/${session._id}/offer`,
    headers: bearer(token),
    payload: {
      billing: { ...schoolBilling(), name: person.name, email: person.email },
      shipToDifferentAddress: false,
      shipping: null,
    },
  });
  expect(offer.statusCode).toBe(200);
  await db()
    .insertInto('holder_contact_change')
    .values({ license: license._id, contact: person.name, email: person.email, expires_at: new Date() })
    .execute();
  await db()
    .insertInto('download')
    .values({
      license: license._id,
      object: 'software',
      product: 'M9',
      platform: null,
      version: '9.1',
      release: null,
      size: 10,
    })
    .execute();
  const order = await seedShopOrder(person);
  await seedImport(person);
  return { license, session, order };
}

async function report(person: string): Promise<PersonalDataReport> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/personal-data/report',
    headers: await ctx.adminHeaders(),
    payload: { person },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

/** Every row of every table whose stored text contains `needle` (without case), as JSON text. */
async function rowsNaming(needle: string): Promise<string[]> {
  const { rows: tables } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db());
  const found: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await sql<{ row: unknown }>`
      select to_jsonb(t) as row from ${sql.table(table_name)} t
      where strpos(lower(to_jsonb(t)::text), ${needle.toLowerCase()}) > 0`.execute(db());
    found.push(...rows.map(({ row }) => `${table_name} ${JSON.stringify(row)}`));
  }
  return found;
}

const TABLE_OF_KIND = {
  licenses: 'license',
  contactChanges: 'holder_contact_change',
  upgradeSessions: 'upgrade_session',
  orderGenerations: 'order_generation',
  deliveries: 'delivery',
  downloads: 'download',
  offerMails: 'offer_mail',
  importedRows: 'license_import_row',
  importFindings: 'license_import_finding',
  auditEntries: 'audit_entry',
} as const;

const reportedRows = (data: PersonalDataReport) =>
  data.sections.flatMap(({ kind, rows }) =>
    rows.map((row) => `${TABLE_OF_KIND[kind]} ${JSON.stringify(row)}`),
  );

describe('„Auskunft” (Art. 15 GDPR)', () => {
  test('lists every row that names the person, by e-mail address or by name, and nothing of another person', async () => {
    const anna = await seedPerson(ANNA);
    await seedPerson(BERND);

    for (const [asked, named] of [
      [ANNA.email.toUpperCase(), ANNA.email],
      [ANNA.name.toLowerCase(), ANNA.name],
    ] as const) {
      const data = await report(asked);
      const reported = reportedRows(data);
      const naming = await rowsNaming(named);
      expect(naming.length).toBeGreaterThan(3);
      for (const row of naming) expect(reported).toContain(row);
      const text = JSON.stringify(data);
      expect(text).not.toContain(BERND.email);
      expect(text).not.toContain(BERND.name);
      const count = (kind: string) => data.sections.find((section) => section.kind === kind)!.rows.length;
      expect(count('licenses')).toBe(1);
      expect(count('upgradeSessions')).toBe(1);
      expect(count('contactChanges')).toBe(1);
      // Rows that belong to the person's license without naming them: its downloads.
      expect(count('downloads')).toBe(1);
      expect(data.sections.find((section) => section.kind === 'licenses')!.rows[0]!['id']).toBe(
        anna.license._id,
      );
    }
  });

  test('a name finds what carries only the e-mail address of its licenses, and says which addresses it searched', async () => {
    await seedPerson(ANNA);
    await seedPerson(BERND);
    // Rows that name the address and not the person: the offer's budget row, the shop order
    // billed to the practice, the staged import row's finding, the contact change's mail.
    const byName = await report(ANNA.name.toUpperCase());
    expect(byName.alsoSearched).toEqual([ANNA.email]);
    const reported = reportedRows(byName);
    const naming = await rowsNaming(ANNA.email);
    expect(naming.filter((row) => !row.includes(ANNA.name)).length).toBeGreaterThan(2);
    for (const row of naming) expect(reported).toContain(row);
    expect(count(byName, 'orderGenerations')).toBe(1);
    expect(count(byName, 'offerMails')).toBe(1);
    expect(count(byName, 'importFindings')).toBe(1);
    expect(JSON.stringify(byName)).not.toContain(BERND.email);
    // By e-mail address, nothing more is searched than the address.
    expect((await report(ANNA.email)).alsoSearched).toEqual([]);
  });

  test('a person the portal does not know gets every section, empty', async () => {
    await seedPerson(BERND);
    const data = await report('niemand@nirgends.example');
    expect(data.sections.map((section) => section.rows.length)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });

  test('only admins may ask, and only for a person', async () => {
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/personal-data/report',
      payload: { person: ANNA.email },
    });
    expect(unsigned.statusCode).toBe(401);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/personal-data/report',
      headers: await ctx.adminHeaders(),
      payload: { person: ' ' },
    });
    expect(empty.statusCode).toBe(400);
  });
});

async function erase(person: string, dryRun: boolean) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/personal-data/erasure',
    headers: await ctx.adminHeaders(),
    payload: { person, dryRun },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const count = (data: PersonalDataReport, kind: string) =>
  data.sections.find((section) => section.kind === kind)!.rows.length;

describe('„Löschen / Anonymisieren” (Art. 17 GDPR)', () => {
  test('the preview says what would go and changes nothing; the erasure then leaves only what is declared to stay', async () => {
    const anna = await seedPerson(ANNA);
    await seedPerson(BERND);
    const berndBefore = await report(BERND.email);
    const before = await report(ANNA.email);

    const preview = await erase(ANNA.email, true);
    expect(preview.erased).toEqual(
      expect.arrayContaining([
        { kind: 'unorderedSessions', count: 1 },
        { kind: 'offerMails', count: 1 },
        { kind: 'contactChanges', count: 1 },
        { kind: 'budgetRows', count: 1 },
      ]),
    );
    expect(preview.kept).toEqual(expect.arrayContaining([{ kind: 'holdersInUse', count: 1 }]));
    expect((await report(ANNA.email)).sections).toEqual(before.sections);

    const erased = await erase(ANNA.email, false);
    expect({ ...erased, dryRun: true }).toEqual(preview);
    const after = await report(ANNA.email);
    // What stays: the license in use with its holder (its sign-in), its downloads and audit entries (anonymised).
    expect(count(after, 'licenses')).toBe(1);
    expect(count(after, 'downloads')).toBe(1);
    for (const kind of ['contactChanges', 'upgradeSessions', 'offerMails', 'importedRows', 'importFindings'])
      expect(count(after, kind), kind).toBe(0);
    // Erasure then export: what still names the person is what the dialog said stays.
    const kept = Object.fromEntries(
      erased.kept.map(({ kind, count }: { kind: string; count: number }) => [kind, count]),
    );
    expect(kept).toMatchObject({ holdersInUse: 1, orders: 1, downloads: 1 });
    const left = [...(await rowsNaming(ANNA.email)), ...(await rowsNaming(ANNA.name))];
    expect(left.filter((row) => !/^(delivery|license|order_generation) /.test(row))).toEqual([]);
    expect(left.some((row) => row.startsWith('license '))).toBe(true);
    expect(left.some((row) => row.startsWith('order_generation '))).toBe(true);
    for (const row of left.filter((row) => row.startsWith('delivery ')))
      expect(JSON.parse(row.slice('delivery '.length))).toMatchObject({ content: '', text_content: '' });
    // The import's report keeps its finding's line and kind, without the address.
    expect(
      await db()
        .selectFrom('license_import_finding')
        .select(['line', 'kind', 'message'])
        .orderBy('message')
        .execute(),
    ).toEqual([
      { line: 3, kind: 'error', message: licenseImportMessages.erasedOnRequest },
      { line: 3, kind: 'error', message: licenseImportMessages.unknownValue(BERND.email, ['Einzellizenz']) },
    ]);
    for (const row of after.sections.find((section) => section.kind === 'auditEntries')!.rows)
      expect(JSON.stringify(row['changes'])).not.toContain(ANNA.email);
    // Nothing of another person changed.
    expect((await report(BERND.email)).sections).toEqual(berndBefore.sections);

    // The erasure's record names no one, only what went.
    const records = await db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'erasure')
      .execute();
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records[0])).not.toContain(ANNA.email);
    expect(records[0]).toMatchObject({ action: 'personal-data-erased', actor: 'test-admin' });

    // A disabled license loses its holder too; then nothing names the person any more.
    await db()
      .updateTable('license')
      .set({ status: 'disabled' })
      .where('id', '=', anna.license._id)
      .execute();
    await erase(ANNA.name, false);
    // What stays then: the shop order (§ 257 HGB, § 147 AO) and the records of mails sent, without text.
    const remaining = [...(await rowsNaming(ANNA.email)), ...(await rowsNaming(ANNA.name))];
    expect(remaining.filter((row) => !/^(order_generation|delivery) /.test(row))).toEqual([]);
    expect(remaining.filter((row) => row.startsWith('order_generation '))).toHaveLength(1);
    expect(count(await report(ANNA.email), 'licenses')).toBe(0);
  });
});
