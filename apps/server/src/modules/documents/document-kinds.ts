import {
  DOCUMENT_TYPE_LABELS,
  documentMessages,
  formatLicenseKey,
  TIME_ZONE,
  type DocumentType,
  type LicenseDocumentType,
} from '@lizenzportal/domain';

interface KindFacts {
  column: 'starter_document' | 'license_document';
  name: string;
  plural: string;
  /** Why a license of that status gets no such document. */
  refusal: string;
  /** The same for a batch, followed by the keys of the licenses concerned. */
  batchRefusal: string;
}

/** The documents of a license: where a license points at them, their names and refusals. */
export const DOCUMENT_KIND: Record<LicenseDocumentType, KindFacts> = {
  starter: {
    column: 'starter_document',
    name: DOCUMENT_TYPE_LABELS.starter,
    plural: documentMessages.starterDocumentsFile,
    refusal: documentMessages.starterRefused,
    batchRefusal: documentMessages.starterBatchRefused,
  },
  license: {
    column: 'license_document',
    name: DOCUMENT_TYPE_LABELS.license,
    plural: documentMessages.licenseDocumentsFile,
    refusal: documentMessages.licenseRefused,
    batchRefusal: documentMessages.licenseBatchRefused,
  },
};

/** The kind of record a document belongs to, by the folder its files are stored in. */
const OWNER_FOLDER: Record<DocumentType, string> = {
  starter: 'licenses',
  license: 'licenses',
  offer: 'upgrade-sessions',
};

/**
 * `licenses/<id>/starter-20250131T101500123Z-1a2b3c.pdf`: a new key per version of a document,
 * in the folder of the record it belongs to.
 */
export function newDocumentKey(ownerId: string, kind: DocumentType, now: Date, nonce: string): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${OWNER_FOLDER[kind]}/${ownerId}/${kind}-${stamp}-${nonce}.pdf`;
}

/** `Startdokument_ABCD-EFGH-JKLM.pdf`: the name a downloaded document is saved under. */
export function documentFileName(kind: LicenseDocumentType, licenseKey: string): string {
  return `${DOCUMENT_KIND[kind].name}_${formatLicenseKey(licenseKey)}.pdf`;
}

/** `Angebot_ANG-2026-00042.pdf`: the name an offer is mailed and downloaded under. */
export function offerFileName(offerNumber: string): string {
  return `${DOCUMENT_TYPE_LABELS.offer}_${offerNumber}.pdf`;
}

const berlinDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2025-01-31_Startdokumente.zip`: the day (in Berlin) first, so downloads sort by date. */
export function batchFileName(kind: LicenseDocumentType, format: 'pdf' | 'zip', now: Date): string {
  return datedFileName(`${DOCUMENT_KIND[kind].plural}.${format}`, now);
}

/** A download's name with the day (in Berlin) first: `2025-01-31_Lizenzen.csv`. */
export function datedFileName(name: string, now: Date): string {
  return `${berlinDate.format(now)}_${name}`;
}
