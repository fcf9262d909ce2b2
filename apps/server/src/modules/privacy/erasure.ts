import type { Kysely } from 'kysely';
import {
  ERASED_KINDS,
  KEPT_KINDS,
  type ErasedKind,
  type KeptKind,
  type PersonalDataErasure,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { eraseAuditValues, recordErasure } from '../audit/index.ts';
import { deleteContactChangesOf } from '../contact-changes/index.ts';
import { deleteOfferMails, emptyMailTexts } from '../deliveries/index.ts';
import { deleteStagedRowsOf, eraseFindingsQuoting } from '../license-import/index.ts';
import { eraseDisabledHolders } from '../licenses/index.ts';
import { deleteMailBudgetRows, reduceUnorderedSessions } from '../upgrade-sessions/index.ts';
import { readPersonalData } from './personal-data.ts';

/** Sessions never ordered: their offer is all there is, and nothing of a contract needs it. */
const UNORDERED = ['created', 'offered', 'expired'];

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

  // Each table is written by the module that owns it (decision 069), in this transaction.
  // Never ordered: reduced as the retention job reduces them (the statistics keep their row).
  erased.offerMails = await deleteOfferMails(transaction, unorderedIds);
  erased.unorderedSessions = await reduceUnorderedSessions(transaction, unorderedIds, now);
  erased.mailTexts = await emptyMailTexts(transaction, ids.deliveries, now);
  erased.contactChanges = await deleteContactChangesOf(transaction, terms, ids.licenses);
  erased.budgetRows = await deleteMailBudgetRows(transaction, terms);
  erased.importedRows = await deleteStagedRowsOf(transaction, terms);
  erased.importFindings = await eraseFindingsQuoting(transaction, terms);
  erased.auditValues = await eraseAuditValues(
    transaction,
    rowsOf('auditEntries').map((row) => row['id'] as string),
  );
  erased.disabledHolders = await eraseDisabledHolders(transaction, ids.licenses);

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
    await recordErasure(
      transaction,
      actor,
      ERASED_KINDS.filter((kind) => erased[kind] > 0).map((kind) => ({
        field: kind,
        before: erased[kind],
        after: 0,
      })),
    );
  }
  return {
    outcome: {
      erased: ERASED_KINDS.filter((kind) => erased[kind] > 0).map((kind) => ({ kind, count: erased[kind] })),
      kept: KEPT_KINDS.filter((kind) => kept[kind] > 0).map((kind) => ({ kind, count: kept[kind] })),
    },
    offerDocuments: offerDocuments as string[],
  };
}
