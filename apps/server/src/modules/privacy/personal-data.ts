import { type Kysely, sql, type RawBuilder } from 'kysely';
import { PERSONAL_DATA_KINDS, type PersonalDataKind, type PersonalDataReport } from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';

/**
 * The columns the Auskunft searches for a person, per table: the coverage test
 * (personal-data-coverage.test.ts) fails when a column that may hold an e-mail address, a name or a
 * client address is neither here nor in NOT_PERSONAL_COLUMNS.
 */
export const SEARCHED_COLUMNS = [
  'license.holder_email',
  'license.holder_name',
  'license.holder_contact',
  'holder_contact_change.email',
  'holder_contact_change.contact',
  'upgrade_session.billing',
  'upgrade_session.shipping',
  'upgrade_session.holder',
  'order_generation.shop_order',
  'delivery.recipient',
  'delivery.recipient_name',
  'offer_mail.recipient',
  'license_import_row.holder_email',
  'license_import_row.holder_name',
  'license_import_row.holder_contact',
  'license_import_finding.message',
  'audit_entry.changes',
] as const;

/**
 * Columns whose names suggest a person but that hold none of a holder or customer, each with why
 * (the coverage test reads this list beside SEARCHED_COLUMNS).
 */
export const NOT_PERSONAL_COLUMNS: Record<string, string> = {
  'admin_user.name': "staff's user names: the vendor's own accounts, not a data subject's",
  'auth_throttle_client.client': 'a keyed pseudonym of the client group, never the address (decision 064)',
  'auth_throttle_client.subject': 'the license key or staff user name a sign-in was tried for',
  'auth_throttle_subject.subject': 'the license key or staff user name a sign-in was tried for',
  'offer_mail.client':
    'the client group (an address) of an offer mail, kept 24 hours for the budget, found by its recipient',
  'offer_mail.recipient_domain': "the recipient's domain, found with its row by the recipient",
  'delivery.subject': "the mail's subject, found with its row by recipient, license, session or order",
  'audit_entry.actor': "staff's user name or „Lizenz …” (the license, not the holder's name)",
  'order_generation.shop_order_id': "the shop's order number",
  'shop_ignored_order.shop_order_id': "the shop's order number",
  'list_row_count.table_name': "a table's name",
  'product_release.file_name': "a release's file name",
  'license_import_run.actor': "staff's user name",
  'license_import_run.file_name': "the imported file's name",
  'license_import_upload.actor': "staff's user name",
  'license_import_upload.requested_actor': "staff's user name",
  'license_import_upload.file_name': "the uploaded file's name",
  'license_import_row.holder_type': 'person or organization: names no one',
  'upgrade_session.ship_to_different_address': 'whether a session ships elsewhere: names no one',
  'license.holder_type': 'person or organization: names no one',
};

/**
 * What the person is found by: rows of these tables are personal data of whoever they name or
 * belong to; the rows are read whole. The one place that reads every module's tables for a person
 * (decision 064: a declared read model, as the retention job is the one place that writes them).
 */
export interface PersonalRows {
  licenses: string[];
  sessions: string[];
  orderGenerations: string[];
  deliveries: string[];
  /**
   * What the person was looked for by, lower case: the term asked and the e-mail addresses of the
   * licenses it found and of their contact changes (decision 064: what a lookup covers).
   */
  terms: string[];
}

type Row = Record<string, unknown>;

/**
 * Reads everything stored about one person, by e-mail address or name (compared without case).
 * The licenses found by it lend their e-mail addresses, and those of their contact changes, to
 * the search: a name finds the mails, offers, orders and imported rows that carry only the e-mail
 * address of the person's licenses (one step: an address found so does not lend its names).
 */
export async function readPersonalData(
  db: Kysely<DB>,
  person: string,
): Promise<{ report: PersonalDataReport; ids: PersonalRows }> {
  const term = person.trim().toLowerCase();
  const rows = async (query: RawBuilder<{ row: Row }>) => (await query.execute(db)).rows.map((r) => r.row);
  const ids = (list: Row[]) => list.map((row) => row['id'] as string);

  const { rows: addressRows } = await sql<{ address: string }>`
    select lower(l.holder_email) as address from license l
    where (lower(l.holder_email) = ${term} or lower(l.holder_name) = ${term} or lower(l.holder_contact) = ${term})
      and l.holder_email is not null
    union
    select lower(c.email) from holder_contact_change c join license l on l.id = c.license
    where lower(l.holder_email) = ${term} or lower(l.holder_name) = ${term} or lower(l.holder_contact) = ${term}`.execute(
    db,
  );
  const addresses = [...new Set(addressRows.map((row) => row.address))]
    .filter((address) => address !== term)
    .sort();
  const terms = [term, ...addresses];
  const matches = (column: RawBuilder<unknown>) => sql<boolean>`lower(${column}) = any(${terms}::text[])`;
  // A JSON document names the person when one of its string values is a term.
  const names = (column: RawBuilder<unknown>) =>
    sql<boolean>`exists (select from unnest(${terms}::text[]) t where strpos(lower(${column}::text), '"' || t || '"') > 0)`;

  const licenses = await rows(sql`
    select to_jsonb(l) as row from license l
    where ${matches(sql`l.holder_email`)} or ${matches(sql`l.holder_name`)} or ${matches(sql`l.holder_contact`)}
    order by l.created_at`);
  const licenseIds = ids(licenses);
  const contactChanges = await rows(sql`
    select to_jsonb(c) as row from holder_contact_change c
    where ${matches(sql`c.email`)} or ${matches(sql`c.contact`)} or c.license = any(${licenseIds}::uuid[])
    order by c.created_at`);
  const upgradeSessions = await rows(sql`
    select to_jsonb(s) as row from upgrade_session s
    where ${names(sql`s.billing`)} or ${names(sql`s.shipping`)} or ${names(sql`s.holder`)}
      or s.product_license = any(${licenseIds}::uuid[])
    order by s.created_at`);
  const sessionIds = ids(upgradeSessions);
  const orderGenerations = await rows(sql`
    select to_jsonb(o) as row from order_generation o
    where ${names(sql`o.shop_order`)} or o.upgrade_session = any(${sessionIds}::uuid[])
      or o.licenses && ${licenseIds}::uuid[]
    order by o.created_at`);
  const orderIds = ids(orderGenerations);
  const deliveries = await rows(sql`
    select to_jsonb(d) as row from delivery d
    where ${matches(sql`d.recipient`)} or ${matches(sql`d.recipient_name`)}
      or d.licenses && ${licenseIds}::uuid[] or d.upgrade_session = any(${sessionIds}::uuid[])
      or d.order_generation = any(${orderIds}::uuid[])
    order by d.created_at`);
  const deliveryIds = ids(deliveries);
  const downloads = await rows(sql`
    select to_jsonb(d) as row from download d where d.license = any(${licenseIds}::uuid[]) order by d.created_at`);
  const offerMails = await rows(sql`
    select to_jsonb(m) as row from offer_mail m where ${matches(sql`m.recipient`)} order by m.sent_at`);
  const importedRows = await rows(sql`
    select to_jsonb(r) as row from license_import_row r
    where ${matches(sql`r.holder_email`)} or ${matches(sql`r.holder_name`)} or ${matches(sql`r.holder_contact`)}
    order by r.run, r.line`);
  // A finding quotes the value it is about („…”): an address or a name the file held.
  const importFindings = await rows(sql`
    select to_jsonb(f) as row from license_import_finding f
    where exists (select from unnest(${terms}::text[]) t where strpos(lower(f.message), '„' || t || '”') > 0)
    order by f.run, f.line`);
  const auditEntries = await rows(sql`
    select to_jsonb(a) as row from audit_entry a
    where a.entity_id = any(${[...licenseIds, ...deliveryIds, ...orderIds]}::uuid[]) or ${names(sql`a.changes`)}
    order by a.created_at`);

  const found: Record<PersonalDataKind, Row[]> = {
    licenses,
    contactChanges,
    upgradeSessions,
    orderGenerations,
    deliveries,
    downloads,
    offerMails,
    importedRows,
    importFindings,
    auditEntries,
  };
  return {
    report: {
      person: person.trim(),
      alsoSearched: addresses,
      searchedAt: new Date().toISOString(),
      sections: PERSONAL_DATA_KINDS.map((kind) => ({ kind, rows: found[kind] })),
    },
    ids: {
      licenses: licenseIds,
      sessions: sessionIds,
      orderGenerations: orderIds,
      deliveries: deliveryIds,
      terms,
    },
  };
}
