import { counted, COUNTED_NOUNS } from './plurals.ts';

/**
 * The answers of the document routes (back-office spec §4, §7): a document's signed URL, its
 * generation, and the batch downloads of several licenses' documents.
 */
export const documentMessages = {
  /** The signed file route's answers (403) to a document link past its time, and to a forged one. */
  linkExpired: 'Der Link ist abgelaufen. Bitte rufen Sie das Dokument erneut auf.',
  linkInvalid: 'Der Link ist ungültig.',
  notGenerated: (documentName: string) => `Für diese Lizenz wurde noch kein ${documentName} erzeugt.`,
  /** The license changed under each attempt to store its new document. */
  changedMeanwhile: 'Die Lizenz wurde währenddessen mehrfach geändert. Bitte versuchen Sie es erneut.',
  starterRefused: 'Die Lizenz ist bereits gebunden. Ein Startdokument gibt es nur für ungebundene Lizenzen.',
  licenseRefused: 'Die Lizenz ist nicht gebunden. Ein Lizenzdokument gibt es erst nach der Bindung.',
  // A batch's refusals, followed by the keys of the licenses concerned.
  starterBatchRefused:
    'Diese Lizenzen haben kein Startdokument, und es kann keines mehr erzeugt werden, weil sie bereits gebunden sind',
  licenseBatchRefused: 'Diese Lizenzen haben kein Lizenzdokument, weil sie nicht gebunden sind',
  batchSize: (max: number) => `Bitte wählen Sie zwischen 1 und ${counted(max, 'license')} aus.`,
  licensesNotFound: (keys: string) => `Diese Lizenzen wurden nicht gefunden: ${keys}.`,
  offersNotFound: (ids: string) => `Diese Angebote wurden nicht gefunden: ${ids}.`,
  offerNotGenerated: 'Für dieses Angebot wurde noch kein Dokument erzeugt.',
  /** The end of a list of keys cut short: „A, B, C und 4 weitere”. */
  andMore: (named: string, more: number) => `${named} und ${more} weitere`,
  /** The names of a batch's files („Startdokumente.zip”, dated). */
  starterDocumentsFile: COUNTED_NOUNS.starterDocument.other,
  licenseDocumentsFile: COUNTED_NOUNS.licenseDocument.other,
  offerDocumentsFile: COUNTED_NOUNS.offer.other,
} as const;
