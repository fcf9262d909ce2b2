import {
  DOCUMENT_TYPE_LABELS,
  deliveryMailTexts,
  documentMessages,
  exampleBoundLicense,
  formatLicenseKey,
} from '@lizenzportal/domain';
import type { LicenseRow } from '../../../db/schema.ts';
import { renderLicenseDocument } from '../render/license-document.ts';
import type { DocumentKind } from './kind.ts';
import { licenseOwnedKind, unknownLicenses, type LicenseTask } from './license-owner.ts';

/** The license document of a bound license: its holder, credentials and properties. */
export const licenseKind: DocumentKind<LicenseRow, LicenseTask<'license'>> = {
  ...licenseOwnedKind('license', {
    refusal: { one: documentMessages.licenseRefused, many: documentMessages.licenseBatchRefused },
    documentWord: deliveryMailTexts.licenseWord,
  }),
  notGenerated: documentMessages.notGenerated(DOCUMENT_TYPE_LABELS.license),
  render: (style, { license, createdAt }) => renderLicenseDocument(style, license, createdAt),
  example: (createdAt) => ({ kind: 'license', license: exampleBoundLicense(), createdAt }),
  fileName: (row) => `${DOCUMENT_TYPE_LABELS.license}_${formatLicenseKey(row.key)}.pdf`,
  batch: { fileName: documentMessages.licenseDocumentsFile, unknown: unknownLicenses },
};
