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
}

type Row = Record<string, unknown>;

/** Reads everything stored about one person, by e-mail address or name (compared without case). */
export async function readPersonalData(
  db: Kysely<DB>,
  person: string,
): Promise<{ report: PersonalDataReport; ids: PersonalRows }> {
  const term = person.trim().toLowerCase();
  // A JSON document names the person when one of its string values is the term.
  const names = (column: RawBuilder<unknown>) =>
    sql<boolean>`strpos(lower(${column}::text), ${`"${term}"`}) > 0`;
  const rows = async (query: RawBuilder<{ row: Row }>) => (await query.execute(db)).rows.map((r) => r.row);
  const ids = (list: Row[]) => list.map((row) => row['id'] as string);

  const licenses = await rows(sql`
    select to_jsonb(l) as row from license l
    where lower(l.holder_email) = ${term} or lower(l.holder_name) = ${term} or lower(l.holder_contact) = ${term}
    order by l.created_at`);
  const licenseIds = ids(licenses);
  const contactChanges = await rows(sql`
    select to_jsonb(c) as row from holder_contact_change c
    where lower(c.email) = ${term} or lower(c.contact) = ${term} or c.license = any(${licenseIds}::uuid[])
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
    where lower(d.recipient) = ${term} or lower(d.recipient_name) = ${term}
      or d.licenses && ${licenseIds}::uuid[] or d.upgrade_session = any(${sessionIds}::uuid[])
      or d.order_generation = any(${orderIds}::uuid[])
    order by d.created_at`);
  const deliveryIds = ids(deliveries);
  const downloads = await rows(sql`
    select to_jsonb(d) as row from download d where d.license = any(${licenseIds}::uuid[]) order by d.created_at`);
  const offerMails = await rows(sql`
    select to_jsonb(m) as row from offer_mail m where lower(m.recipient) = ${term} order by m.sent_at`);
  const importedRows = await rows(sql`
    select to_jsonb(r) as row from license_import_row r
    where lower(r.holder_email) = ${term} or lower(r.holder_name) = ${term} or lower(r.holder_contact) = ${term}
    order by r.run, r.line`);
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
    auditEntries,
  };
  return {
    report: {
      person: person.trim(),
      searchedAt: new Date().toISOString(),
      sections: PERSONAL_DATA_KINDS.map((kind) => ({ kind, rows: found[kind] })),
    },
    ids: { licenses: licenseIds, sessions: sessionIds, orderGenerations: orderIds, deliveries: deliveryIds },
  };
}
