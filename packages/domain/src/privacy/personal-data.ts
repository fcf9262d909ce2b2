import { z } from 'zod';

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
  personDescription: 'Groß- und Kleinschreibung spielt keine Rolle; ein Name wird vollständig verglichen.',
  personTooShort: 'Bitte geben Sie eine E-Mail-Adresse oder einen Namen mit mindestens 3 Zeichen ein.',
  search: 'Auskunft erstellen',
  searching: 'Auskunft wird erstellt …',
  download: 'Als JSON herunterladen',
  resultTitle: (person: string) => `Gespeicherte Daten zu „${person}”`,
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
    auditEntries: 'Protokolleinträge',
  } satisfies Record<PersonalDataKind, string>,
} as const;
