import { FILTER_OPERATOR_LABELS } from '../list-query/fields.ts';
import type { FilterOperator } from '../list-query/address-syntax.ts';

/** Why a list request (`GET /license?…`, the query builder's values) cannot be answered. */
export const listMessages = {
  unknownField: (name: string) => `Nach „${name}” kann nicht gefiltert werden.`,
  notSortable: (name: string) => `Nach „${name}” kann nicht sortiert werden.`,
  operatorNotAllowed: (label: string, operator: FilterOperator) =>
    `„${label}” kann nicht mit „${FILTER_OPERATOR_LABELS[operator]}” gefiltert werden.`,
  valueRequired: (label: string) => `Bitte geben Sie einen Wert für „${label}” an.`,
  valueTooLong: (label: string) => `Der Wert für „${label}” ist zu lang.`,
  integerExpected: (label: string) => `„${label}” erwartet eine ganze Zahl.`,
  dateExpected: (label: string) =>
    `„${label}” erwartet ein Datum wie 31.12.2026, gern mit Uhrzeit (31.12.2026 14:30).`,
  idExpected: (label: string) => `„${label}” erwartet eine ID.`,
  optionExpected: (label: string, value: string, options: readonly string[]) =>
    `„${value}” ist kein gültiger Wert für „${label}” (${options.join(', ')}).`,
  countExpected: (name: string) => `„${name}” muss eine ganze Zahl ab 0 sein.`,
  limitTooHigh: (max: number) => `„limit” darf höchstens ${max} sein (0 = alle).`,
  tooManyForAll: (total: number, exact: boolean, max: number) =>
    `Die Liste hat ${listTotal(total, exact)} Einträge, „Alle” zeigt höchstens ${max.toLocaleString('de-DE')}. Bitte filtern Sie die Liste oder wählen Sie eine Seitengröße.`,
  /** The rows a page shows, under the table: „21–40 von 45”, „1–20 von mehr als 10.000”. */
  pageRange: (from: number, to: number, total: number, exact: boolean) =>
    `${from.toLocaleString('de-DE')}–${to.toLocaleString('de-DE')} von ${listTotal(total, exact)}`,
} as const;

/** The pager under every back-office list (back-office spec §5: „Elemente pro Seite”). */
export const pagerMessages = {
  pageSize: 'Elemente pro Seite',
  /** The page size that shows every row (`limit=0`). */
  allRows: 'Alle',
  first: 'Erste Seite',
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  last: 'Letzte Seite',
  page: (page: number) => `Seite ${page.toLocaleString('de-DE')}`,
} as const;

/**
 * A list's number of matching rows: exact, or where counting stopped — lists count exactly only
 * up to a limit, beyond which counting a million rows would cost more than the page (decision 025).
 */
function listTotal(total: number, exact: boolean): string {
  return exact ? total.toLocaleString('de-DE') : `mehr als ${total.toLocaleString('de-DE')}`;
}

/** The back office's own wording (back-office spec §2, §8): empty states, load errors, toasts. */
export const backOfficeMessages = {
  noLicensesFound: 'Keine Lizenzen gefunden',
  noOrderGenerations: 'Keine Generierung',
  noDeliveries: 'Keine Auslieferungen',
  noNote: 'Keine Notiz',
  noContent: 'Kein Inhalt',
  noLicenses: 'Keine Lizenzen',
  noLicense: 'Keine Lizenz',
  licensesLoadFailed: 'Fehler beim Abrufen der Lizenzen',
  licenseLoadFailed: 'Fehler beim Abrufen der Lizenz.',
  orderGenerationsLoadFailed: 'Fehler beim Abrufen der Generierungen',
  deliveriesLoadFailed: 'Fehler beim Abrufen der Auslieferungen',
  orderGenerationLoadFailed: 'Fehler beim Abrufen der Shop-Generierung.',
  deliveryLoadFailed: 'Fehler beim Abrufen der Versand-Aktion.',
  upgradeSessionsLoadFailed: 'Fehler beim Abrufen der Upgrade-Sessions',
  upgradeSessionLoadFailed: 'Fehler beim Abrufen der Upgrade-Session.',
  noUpgradeSessions: 'Keine Upgrade-Session gefunden..',
  noDownloads: 'Keine Downloads gefunden',
  createLicenses: 'Neue Lizenz(en) anlegen',
  upgradeSessionDeliveries: 'Auslieferungen dieser Upgrade-Session',
  /** The create page's way back (spec §2: it leads to /backend/). */
  backToOverview: 'Zurück zur Übersicht',
  downloadsLoadFailed: 'Fehler beim Abrufen der Downloads',
  licenseSaveFailed: 'Fehler beim Speichern der Lizenz: ',
  licenseUpdated: 'Lizenz aktualisiert',
  starterDocumentGenerated: 'Startdokument erzeugt',
  licenseDocumentGenerated: 'Lizenzdokument erzeugt',
  resent: 'Erneut gesendet',
  copied: 'in Zwischenablage kopiert',
  failed: (error: string) => `Fehler: ${error}`,
  /** Toast after an admin asked for a failed order generation to run again. */
  orderGenerationRetried: 'Generierung wird erneut ausgeführt',
  copyFailed: (error: string) => `Fehler beim Kopieren: ${error}`,
} as const;
