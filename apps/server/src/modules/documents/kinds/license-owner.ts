import {
  customerReferenceOf,
  documentMessages,
  formatLicenseKey,
  mayGenerateDocument,
  type LicenseDocumentType,
} from '@lizenzportal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRow } from '../../../db/schema.ts';
import { changedFields } from '../../audit/index.ts';
import { toLicense, UNRECORDED_FIELDS } from '../../licenses/index.ts';
import type { DocumentKind, Loaded, MailLicense, Refusal } from './kind.ts';
import type { LicenseTask } from './layouts.ts';

/** The license's column that points at its document of a kind. */
const COLUMN = { starter: 'starter_document', license: 'license_document' } as const;

// JavaScript dates stop at milliseconds; compared as text the version keeps every digit.
const versionOf = sql<string>`extract(epoch from updated_at)::text`;

/**
 * What the documents of a license share: the license row read at its exact version (`updated_at`
 * to the microsecond), the rule of the back-office spec (§4) for when it may have one, its
 * column, the audit of a generation and the license list of its mail. `starter.ts` and
 * `license.ts` add their texts and layout.
 */
export function licenseOwnedKind<Kind extends LicenseDocumentType>(
  name: Kind,
  facts: { refusal: Refusal; documentWord: (plural: boolean) => string },
): Omit<DocumentKind<LicenseRow, LicenseTask<Kind>>, 'notGenerated' | 'render' | 'fileName' | 'batch'> {
  const column = COLUMN[name];
  return {
    name,
    folder: 'licenses',
    record: 'license',
    async load(db, ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('license')
        .selectAll()
        .select(versionOf.as('row_version'))
        .where('id', 'in', ids)
        .execute();
      return rows.map(({ row_version: version, ...owner }) => ({ owner, version }));
    },
    id: (row) => row.id,
    storedKey: (row) => row[column],
    refusal: (row) =>
      mayGenerateDocument(name, { status: row.status, documentPresent: row[column] !== null })
        ? null
        : facts.refusal,
    task: async (_db, row, now) => ({ kind: name, license: toLicense(row), createdAt: now }),
    point: (transaction: Kysely<DB>, { owner, version }: Loaded<LicenseRow>, key: string) =>
      transaction
        .updateTable('license')
        .set({ [column]: key, updated_at: sql<Date>`now()` })
        .where('id', '=', owner.id)
        .where(versionOf, '=', version)
        .returningAll()
        .executeTakeFirst(),
    changes: (before, after) => changedFields(toLicense(before), toLicense(after), UNRECORDED_FIELDS),
    label: (row) => formatLicenseKey(row.key),
    mail: {
      owners: (records) => records.licenses,
      facts: async (_db, rows) => ({
        documentWord: facts.documentWord(rows.length > 1),
        licenses: rows.map(toMailLicense),
        offer: null,
      }),
    },
  };
}

/** 404 text naming license ids asked for that do not exist. */
export const unknownLicenses = documentMessages.licensesNotFound;

function toMailLicense(license: LicenseRow): MailLicense {
  return {
    key: license.key,
    startCode: license.start_code,
    authenticationCode: license.authentication_code,
    version: license.version,
    class: license.class,
    size: license.size,
    holderName: license.holder_name,
    customerReference: customerReferenceOf(license.notes),
  };
}
