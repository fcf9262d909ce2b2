import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import {
  ERASED_KINDS,
  KEPT_KINDS,
  licenseImportMessages,
  type ErasedKind,
  type KeptKind,
  type PersonalDataErasure,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { readPersonalData } from './personal-data.ts';

/** Sessions never ordered: their offer is all there is, and nothing of a contract needs it. */
const UNORDERED = ['created', 'offered', 'expired'];

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * „Löschen / Anonymisieren” in `transaction` (decision 064): erases what no license in use needs
 * and anonymises what must stay; the caller commits, or rolls back for the preview. Returns what
 * it did, the offer PDFs to delete once committed, and the audit entry's changes (counts only).
 */
export async function erasePersonalData(
  transaction: Kysely<DB>,
  person: string,
  actor: string,
  now: Date,
): Promise<{ outcome: Omit<PersonalDataErasure, 'dryRun'>; offerDocuments: string[] }> {
  const { report, ids } = await readPersonalData(transaction, person);
  // The term asked and the e-mail addresses of the person's licenses (what the Auskunft searched).
  const terms = ids.terms;
  const rowsOf = (kind: string) => report.sections.find((section) => section.kind === kind)!.rows;
  const sessions = rowsOf('upgradeSessions');
  const unordered = sessions.filter(
    (row) => UNORDERED.includes(row['status'] as string) && row['personal_data_removed_at'] === null,
  );
  const unorderedIds = unordered.map((row) => row['id'] as string);
  const offerDocuments = unordered
    .map((row) => row['offer_document'])
    .filter((key) => typeof key === 'string');
  const erased: Record<ErasedKind, number> = Object.fromEntries(
    ERASED_KINDS.map((kind) => [kind, 0]),
  ) as Record<ErasedKind, number>;

  // Never ordered: reduced as the retention job reduces them (the statistics keep their row).
  erased.offerMails = affected(
    await sql`delete from delivery where upgrade_session = any(${unorderedIds}::uuid[]) and occasion = 'offer'`.execute(
      transaction,
    ),
  );
  erased.unorderedSessions = affected(
    await sql`
      update upgrade_session set billing = jsonb_build_object('countryCode', billing -> 'countryCode'),
        shipping = null, holder = null, offer_document = null, personal_data_removed_at = ${now}, updated_at = ${now}
      where id = any(${unorderedIds}::uuid[])`.execute(transaction),
  );
  erased.mailTexts = affected(
    await sql`
      update delivery set content = '', text_content = '', content_removed_at = ${now}
      where id = any(${ids.deliveries}::uuid[]) and content_removed_at is null and progress <> 'in-progress'`.execute(
      transaction,
    ),
  );
  erased.contactChanges = affected(
    await sql`
      delete from holder_contact_change
      where lower(email) = any(${terms}::text[]) or lower(contact) = any(${terms}::text[])
        or license = any(${ids.licenses}::uuid[])`.execute(transaction),
  );
  erased.budgetRows = affected(
    await sql`delete from offer_mail where lower(recipient) = any(${terms}::text[])`.execute(transaction),
  );
  // A run's staged rows (emptied when it ends): a row naming the person is not imported. Their
  // authentication code is the holder name of a bound row, so the row goes whole.
  erased.importedRows = affected(
    await sql`
      delete from license_import_row
      where lower(holder_email) = any(${terms}::text[]) or lower(holder_name) = any(${terms}::text[])
        or lower(holder_contact) = any(${terms}::text[])`.execute(transaction),
  );
  // A run's report keeps its findings' line and kind; a finding that quoted the person loses its words.
  erased.importFindings = affected(
    await sql`
      update license_import_finding set message = ${licenseImportMessages.erasedOnRequest}
      where exists (select from unnest(${terms}::text[]) t where strpos(lower(message), '„' || t || '”') > 0)`.execute(
      transaction,
    ),
  );
  // Audit entries keep what was done, to which field, when and by whom; the values go.
  erased.auditValues = affected(
    await sql`
      update audit_entry set note = null, changes = (
        select coalesce(jsonb_agg(jsonb_build_object('field', change -> 'field', 'before', null, 'after', null)), '[]')
        from jsonb_array_elements(changes) change
      )
      where id = any(${rowsOf('auditEntries').map((row) => row['id'] as string)}::uuid[])
        and jsonb_path_exists(changes, '$[*] ? (@.before != null || @.after != null)')`.execute(transaction),
  );
  // A license in use keeps its holder (the sign-in needs the name); a disabled one loses it, and
  // its authentication code, which is the holder name, becomes a random one (it signs in no one).
  erased.disabledHolders = affected(
    await sql`
      update license set holder_type = null, holder_name = null, holder_email = null, holder_contact = null,
        authentication_code = md5(gen_random_uuid()::text)
      where id = any(${ids.licenses}::uuid[]) and status = 'disabled'`.execute(transaction),
  );

  const licenses = rowsOf('licenses');
  const kept: Record<KeptKind, number> = {
    holdersInUse: licenses.filter((row) => row['status'] !== 'disabled').length,
    orderedSessions: sessions.filter((row) => !UNORDERED.includes(row['status'] as string)).length,
    orders: ids.orderGenerations.length,
    mailRecords: ids.deliveries.length - erased.offerMails,
    downloads: rowsOf('downloads').length,
  };
  const total = Object.values(erased).reduce((sum, count) => sum + count, 0);
  if (total > 0) {
    // The erasure's own record names no one: what kinds went, how many, who did it, when.
    await transaction
      .insertInto('audit_entry')
      .values({
        entity: 'erasure',
        entity_id: randomUUID(),
        action: 'personal-data-erased',
        actor,
        changes: JSON.stringify(
          ERASED_KINDS.filter((kind) => erased[kind] > 0).map((kind) => ({
            field: kind,
            before: erased[kind],
            after: 0,
          })),
        ),
      })
      .execute();
  }
  return {
    outcome: {
      erased: ERASED_KINDS.filter((kind) => erased[kind] > 0).map((kind) => ({ kind, count: erased[kind] })),
      kept: KEPT_KINDS.filter((kind) => kept[kind] > 0).map((kind) => ({ kind, count: kept[kind] })),
    },
    offerDocuments: offerDocuments as string[],
  };
}
