import {
  customerReferenceOf,
  documentMessages,
  formatLicenseKey,
  mayGenerateDocument,
  type License,
  type LicenseDocumentType,
} from '@lizenzportal/domain';
import type { Kysely, RawBuilder } from 'kysely';
import type { DB, LicenseRow } from '../../../db/schema.ts';
import type { LicenseDocumentColumn } from '../../licenses/index.ts';
import type { DocumentKind, KindTask, Loaded, MailLicense, Refusal } from './kind.ts';

/** What a license's document is rendered from. */
export interface LicenseTask<Kind extends LicenseDocumentType> extends KindTask<Kind> {
  license: License;
}

/** The license's column that points at its document of a kind. */
const COLUMN = { starter: 'starter_document', license: 'license_document' } as const satisfies Record<
  LicenseDocumentType,
  LicenseDocumentColumn
>;

/**
 * A license row's version as the licenses module compares it when the document is stored.
 * Loaded where it is used, not with this file (the render threads load the kinds).
 */
async function versionOf(): Promise<RawBuilder<string>> {
  const { licenseRowVersion } = await import('../../licenses/index.ts');
  return licenseRowVersion();
}

/**
 * What the documents of a license share: the license row read at its exact version (`updated_at`
 * to the microsecond), the rule of the back-office spec (§4) for when it may have one, its
 * column, the audit of a generation and the license list of its mail. `starter.ts` and
 * `license.ts` add their texts and layout.
 */
export function licenseOwnedKind<Kind extends LicenseDocumentType>(
  name: Kind,
  facts: { refusal: Refusal; documentWord: (plural: boolean) => string },
): Omit<
  DocumentKind<LicenseRow, LicenseTask<Kind>>,
  'notGenerated' | 'render' | 'example' | 'fileName' | 'batch'
> {
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
        .select((await versionOf()).as('row_version'))
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
    async task(_db, row, now) {
      // Loaded where read, not with this file: the render threads load the kinds (decision 032).
      const { toLicense } = await import('../../licenses/index.ts');
      return { kind: name, license: toLicense(row), createdAt: now };
    },
    // The license is written by its own module (decision 069).
    async point(transaction: Kysely<DB>, { owner, version }: Loaded<LicenseRow>, key: string) {
      const { pointLicenseDocument } = await import('../../licenses/index.ts');
      return pointLicenseDocument(transaction, { id: owner.id, version }, column, key);
    },
    async changes(before, after) {
      const [{ changedFields }, { toLicense, UNRECORDED_FIELDS }] = await Promise.all([
        import('../../audit/index.ts'),
        import('../../licenses/index.ts'),
      ]);
      return changedFields(toLicense(before), toLicense(after), UNRECORDED_FIELDS);
    },
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
