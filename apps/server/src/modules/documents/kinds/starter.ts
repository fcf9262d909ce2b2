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

/** The starter document of an unbound license: key, start code and how to bind it. */
export const starterKind: DocumentKind<LicenseRow, LicenseTask<'starter'>> = {
  ...licenseOwnedKind('starter', {
    refusal: { one: documentMessages.starterRefused, many: documentMessages.starterBatchRefused },
    documentWord: deliveryMailTexts.starterWord,
  }),
  notGenerated: documentMessages.notGenerated(DOCUMENT_TYPE_LABELS.starter),
  render: LAYOUTS.starter,
  fileName: (row) => `${DOCUMENT_TYPE_LABELS.starter}_${formatLicenseKey(row.key)}.pdf`,
  batch: { fileName: documentMessages.starterDocumentsFile, unknown: unknownLicenses },
};
