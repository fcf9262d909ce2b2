import {
  DOCUMENT_TYPE_LABELS,
  deliveryMailTexts,
  documentMessages,
  exampleLicense,
  formatLicenseKey,
} from '@lizenzportal/domain';
import type { LicenseRow } from '../../../db/schema.ts';
import { renderStarterDocument } from '../render/starter-document.ts';
import type { DocumentKind } from './kind.ts';
import { licenseOwnedKind, unknownLicenses, type LicenseTask } from './license-owner.ts';

/** The starter document of an unbound license: key, start code and how to bind it. */
export const starterKind: DocumentKind<LicenseRow, LicenseTask<'starter'>> = {
  ...licenseOwnedKind('starter', {
    refusal: { one: documentMessages.starterRefused, many: documentMessages.starterBatchRefused },
    documentWord: deliveryMailTexts.starterWord,
  }),
  notGenerated: documentMessages.notGenerated(DOCUMENT_TYPE_LABELS.starter),
  render: (style, { license, createdAt }) => renderStarterDocument(style, license, createdAt),
  example: (createdAt) => ({ kind: 'starter', license: exampleLicense(), createdAt }),
  fileName: (row) => `${DOCUMENT_TYPE_LABELS.starter}_${formatLicenseKey(row.key)}.pdf`,
  batch: { fileName: documentMessages.starterDocumentsFile, unknown: unknownLicenses },
};
