import {
  DOCUMENT_TYPE_LABELS,
  deliveryMailTexts,
  documentMessages,
  formatLicenseKey,
} from '@lizenzportal/domain';
import type { LicenseRow } from '../../../db/schema.ts';
import type { DocumentKind } from './kind.ts';
import { LAYOUTS, type LicenseTask } from './layouts.ts';
import { licenseOwnedKind, unknownLicenses } from './license-owner.ts';

/** The license document of a bound license: its holder, credentials and properties. */
export const licenseKind: DocumentKind<LicenseRow, LicenseTask<'license'>> = {
  ...licenseOwnedKind('license', {
    refusal: { one: documentMessages.licenseRefused, many: documentMessages.licenseBatchRefused },
    documentWord: deliveryMailTexts.licenseWord,
  }),
  notGenerated: documentMessages.notGenerated(DOCUMENT_TYPE_LABELS.license),
  render: LAYOUTS.license,
  fileName: (row) => `${DOCUMENT_TYPE_LABELS.license}_${formatLicenseKey(row.key)}.pdf`,
  batch: { fileName: documentMessages.licenseDocumentsFile, unknown: unknownLicenses },
};
