import { z } from 'zod';
import { counted } from '../messages/plurals.ts';

/**
 * „Auskunft” (Art. 15 GDPR): what the portal stores about one person, by the tables' kinds, in
 * the order the back office shows them (decision 064).
 */
export const PERSONAL_DATA_KINDS = [
  'licenses',
  'contactChanges',
  'upgradeSessions',
  'orderGenerations',
  'deliveries',
  'downloads',
  'offerMails',
  'importedRows',
  'importFindings',
  'auditEntries',
] as const;
export type PersonalDataKind = (typeof PERSONAL_DATA_KINDS)[number];

/** Whom staff ask about: an e-mail address (it contains „@”) or a name, compared without case. */
export const personalDataQuerySchema = z.object({
  person: z.string().trim().min(3).max(254),
});
export type PersonalDataQuery = z.infer<typeof personalDataQuerySchema>;

/** One stored row as the database holds it (column names, ISO times): the JSON file's unit. */
const storedRowSchema = z.record(z.string(), z.unknown());

export const personalDataReportSchema = z.object({
  person: z.string(),
  /**
   * The e-mail addresses searched beside the person asked about (lower case): those of the
   * licenses found by it and of their contact changes (decision 064).
   */
  alsoSearched: z.array(z.string()),
  searchedAt: z.string(),
  sections: z.array(z.object({ kind: z.enum(PERSONAL_DATA_KINDS), rows: z.array(storedRowSchema) })),
});
export type PersonalDataReport = z.infer<typeof personalDataReportSchema>;

/** Whether the person is asked for by e-mail address (else by name). */
export const isEmailQuery = (person: string): boolean => person.includes('@');

/** The file name of the Auskunft's JSON download. */
export const personalDataFileName = (searchedAt: string): string =>
  `auskunft-${searchedAt.slice(0, 10)}.json`;

export const personalDataMessages = {
  intro:
    'Alles, was das Portal über eine Person speichert (Art. 15 DSGVO): Lizenzen, Upgrade-Sessions und Angebote, Shop-Bestellungen, Mails mit ihrem Text, Downloads, Kontaktänderungen und Protokolleinträge.',
  personLabel: 'E-Mail-Adresse oder Name',
  personDescription:
    'Groß- und Kleinschreibung spielt keine Rolle; ein Name wird vollständig verglichen. Gesucht wird auch unter den E-Mail-Adressen der Lizenzen, die so gefunden werden.',
  personTooShort: 'Bitte geben Sie eine E-Mail-Adresse oder einen Namen mit mindestens 3 Zeichen ein.',
  search: 'Auskunft erstellen',
  searching: 'Auskunft wird erstellt …',
  download: 'Als JSON herunterladen',
  resultTitle: (person: string) => `Gespeicherte Daten zu „${person}”`,
  /** What the lookup covered beyond the term asked: the addresses of the licenses it found. */
  alsoSearched: (addresses: readonly string[]) =>
    `Auch gesucht unter den E-Mail-Adressen der gefundenen Lizenzen und ihrer Kontaktänderungen: ${addresses.join(', ')}.`,
  onlySearched: (person: string) =>
    `Gesucht nach „${person}”; die gefundenen Lizenzen nennen keine weitere E-Mail-Adresse.`,
  nothingFound: 'Zu dieser Angabe speichert das Portal keine Daten.',
  sectionEmpty: 'Keine Einträge.',
  /** A section's heading with its count. */
  section: (title: string, count: number) => `${title} (${count})`,
  /** A row's heading in its section. */
  row: (number: number) => `Eintrag ${number}`,
  failed: 'Die Auskunft konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
  kinds: {
    licenses: 'Lizenzen und Lizenznehmer',
    contactChanges: 'Kontaktänderungen',
    upgradeSessions: 'Upgrade-Sessions und Angebote (Rechnungsdaten)',
    orderGenerations: 'Shop-Bestellungen',
    deliveries: 'Versand-Aktionen (Mails mit Text)',
    downloads: 'Downloads',
    offerMails: 'Versandzähler für Angebotsmails',
    importedRows: 'Importierte Zeilen',
    importFindings: 'Befunde von Importen',
    auditEntries: 'Protokolleinträge',
  } satisfies Record<PersonalDataKind, string>,
} as const;

/**
 * „Löschen / Anonymisieren” (Art. 17 GDPR): what an erasure removes and what it keeps, by kind,
 * each with its count; a `dryRun` says the same without changing anything (decision 064).
 */
export const ERASED_KINDS = [
  'unorderedSessions',
  'offerMails',
  'mailTexts',
  'contactChanges',
  'budgetRows',
  'importedRows',
  'importFindings',
  'auditValues',
  'disabledHolders',
] as const;
export type ErasedKind = (typeof ERASED_KINDS)[number];
export const KEPT_KINDS = ['holdersInUse', 'orderedSessions', 'orders', 'mailRecords', 'downloads'] as const;
export type KeptKind = (typeof KEPT_KINDS)[number];

export const personalDataErasureRequestSchema = personalDataQuerySchema.extend({
  dryRun: z.boolean().default(false),
});

export const personalDataErasureSchema = z.object({
  dryRun: z.boolean(),
  erased: z.array(z.object({ kind: z.enum(ERASED_KINDS), count: z.number().int() })),
  kept: z.array(z.object({ kind: z.enum(KEPT_KINDS), count: z.number().int() })),
});
export type PersonalDataErasure = z.infer<typeof personalDataErasureSchema>;

export const personalDataErasureMessages = {
  action: 'Löschen / Anonymisieren',
  previewLoading: 'Es wird ermittelt, was gelöscht würde …',
  previewFailed: 'Es konnte nicht ermittelt werden, was gelöscht würde',
  willGo: 'Wird gelöscht oder anonymisiert:',
  stays: 'Bleibt gespeichert, und warum:',
  nothingToErase: 'Es gibt nichts mehr zu löschen; was gespeichert bleibt, steht unten.',
  cancel: 'Abbrechen',
  confirm: 'Endgültig löschen',
  done: (count: number) => `${counted(count, 'entry')} gelöscht oder anonymisiert.`,
  erased: {
    unorderedSessions: (n: number) =>
      `${counted(n, 'unorderedSession')}: Rechnungs-, Liefer- und Lizenznehmerdaten und das Angebots-PDF (Art, Produkte, Land und Angebotsnummer bleiben für die Statistik)`,
    offerMails: (n: number) => `${counted(n, 'offerMail')} nie bestellter Sessions`,
    mailTexts: (n: number) =>
      `der Text von ${counted(n, 'mail')} (Empfänger, Betreff und Status bleiben als Nachweis)`,
    contactChanges: (n: number) => counted(n, 'contactChange'),
    budgetRows: (n: number) => `${n} Zähler für Angebotsmails (mit Client-Adresse)`,
    importedRows: (n: number) =>
      `${counted(n, 'importedRow')} eines Imports, die er noch nicht übernommen hat (sie werden nicht importiert)`,
    importFindings: (n: number) =>
      `der Wortlaut von ${counted(n, 'importFindingDative')} (Lauf, Zeile und Art bleiben)`,
    auditValues: (n: number) =>
      `die Werte in ${counted(n, 'auditEntryDative')} (Aktion, Feld, Zeit und Bearbeiter bleiben)`,
    disabledHolders: (n: number) => `der Lizenznehmer von ${counted(n, 'disabledLicenseDative')}`,
  } satisfies Record<ErasedKind, (count: number) => string>,
  kept: {
    holdersInUse: (n: number) =>
      `${counted(n, 'license')} in Gebrauch mit ihrem Lizenznehmer: die Anmeldung braucht den Namen (erst nach dem Deaktivieren der Lizenz löschbar)`,
    orderedSessions: (n: number) =>
      `${counted(n, 'orderedSession')} mit Rechnungsadresse: Handels- und Steuerrecht (§ 257 HGB, § 147 AO)`,
    orders: (n: number) => `${counted(n, 'shopOrder')}: Handels- und Steuerrecht (§ 257 HGB, § 147 AO)`,
    mailRecords: (n: number) =>
      `${counted(n, 'mailRecord')} ohne Text: Nachweis, dass die Vertragsdokumente gesendet wurden`,
    downloads: (n: number) => `${counted(n, 'download')} der Lizenzen: ohne Adresse, Teil des Lizenzvertrags`,
  } satisfies Record<KeptKind, (count: number) => string>,
} as const;
