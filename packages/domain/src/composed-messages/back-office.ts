import { assistantScreens } from './assistant-screens.ts';
import { licenseVersion } from '../messages/common.ts';
import { licenseToolbarLabels } from '../messages/license-toolbar.ts';
import { pageTitles } from '../messages/navigation.ts';
import { counted } from '../messages/plurals.ts';

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
  createLicenses: pageTitles.createLicenses,
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
  /** The copy button beside a value: „Lizenzschlüssel kopieren”. */
  copy: (label: string) => `${label} kopieren`,
  failed: (error: string) => `Fehler: ${error}`,
  /** Toast after an admin asked for a failed order generation to run again. */
  orderGenerationRetried: 'Generierung wird erneut ausgeführt',
  copyFailed: (error: string) => `Fehler beim Kopieren: ${error}`,
  /** Why a license edit is refused beyond the schema's own checks. */
  updatedToItself: 'Eine Lizenz kann nicht auf sich selbst aktualisiert werden.',
  successorMissing: 'Die Nachfolge-Lizenz existiert nicht.',
  /** The audit trail's actor when a license user made the change (an admin is named by user name). */
  licenseActor: (licenseId: string) => `Lizenz ${licenseId}`,
  /** The name of the license export's file (dated). */
  licenseExportFile: 'Lizenzen.csv',
} as const;

/** What the detail pages share: their tabs and panels, the audit trail, yes and no. */
export const recordMessages = {
  properties: 'Eigenschaften',
  json: 'JSON',
  auditTrail: 'Änderungsprotokoll',
  auditTrailLoadFailed: 'Fehler beim Abrufen des Änderungsprotokolls',
  noChanges: 'Keine Änderungen',
  /** Between an audit entry's time and its actor: „26.11.26 10:00:00 von admin”. */
  changedBy: 'von',
  deliveries: 'Auslieferungen',
  order: 'Bestellung',
  orderNamed: (order: string | number) => `Bestellung ${order}`,
  products: 'Produkte',
} as const;

/** The licenses' list and detail pages (back-office spec §2, §4). */
export const licensePageMessages = {
  version: licenseVersion,
  typeColumn: 'Typ',
  infoColumn: 'Info',
  actionsColumn: 'Aktionen',
  openDetails: 'Details der Lizenz öffnen',
  /** The link from an updated license to the one it was updated to. */
  successor: 'Nachfolger',
  /** Read after the visible tag („order”) of the order's link, which then keeps its visible word first. */
  openOrderInShop: (order: string) => `Bestellung ${order} im Shop öffnen`,
  /** The spec's warning (list and editor) when the code a holder types at login is not the holder name. */
  loginAtRisk: 'Login möglicherweise nicht möglich',
  loginAtRiskExplanation:
    'Der Authentifizierungscode stimmt nicht mit dem Namen des Lizenznehmers überein; der Lizenznehmer meldet sich mit dem Authentifizierungscode an.',
  adoptNameAsCode: 'Namen als Authentifizierungscode übernehmen',
  downloadStarterDocument: 'Startdokument herunterladen',
  noStarterDocument: 'Kein Startdokument vorhanden',
  downloadLicenseDocument: 'Lizenzdokument herunterladen',
  noLicenseDocument: 'Kein Lizenzdokument vorhanden',
  // The detail page's tabs besides the shared ones.
  orderGenerationsTab: 'Shop-Generierung',
  upgradeSessionsTab: 'Upgrade-Sessions',
  // Its widgets.
  general: 'Allgemein',
  holder: 'Lizenznehmer',
  documents: 'Dokumente',
  downloads: 'Downloads',
  noSpecialPermissions: 'Keine Sonderberechtigungen',
  // Its documents widget.
  documentPresent: 'vorhanden',
  documentMissing: 'nicht vorhanden',
  openDocument: (name: string) => `${name} öffnen`,
  generateDocument: 'Jetzt generieren',
  regenerateDocument: 'Neu generieren',
  // Its edit mode.
  edit: 'Bearbeiten',
  save: 'Speichern',
  discardChanges: 'Änderungen verwerfen',
  checkInput: 'Bitte prüfen Sie Ihre Eingaben',
  changedMeanwhile: 'Die Lizenz wurde inzwischen geändert',
  inputKept: 'Ihre Eingaben stehen weiter im Formular.',
  /** The link from a failed save's message to the field it is about. */
  toField: (label: string) => `Zum Feld „${label}”`,
  conflictAdvice:
    'Laden Sie die aktuelle Fassung, um die Änderungen der anderen Seite zu sehen, und übernehmen Sie Ihre Änderungen dann erneut.',
  loadCurrentVersion: 'Aktuelle Fassung laden',
  /** The clear button of a select that may be empty („Lizenznehmer-Typ leeren”). */
  clearField: (label: string) => `${label} leeren`,
  /** After „Aktuelle Fassung laden”: the admin's changes stay, on top of the license as it is now. */
  currentVersionLoaded: 'Die aktuelle Fassung ist geladen',
  /** A carried-over field the other side changed too: what the current version says there. */
  changedThereToo: (label: string, current: string) => `${label} (in der aktuellen Fassung: „${current}”)`,
  changesCarriedOver: (labels: readonly string[]) =>
    labels.length === 0
      ? 'Sie hatten nichts geändert.'
      : `Ihre Änderungen sind darin eingetragen: ${labels.join(', ')}. Prüfen Sie sie und speichern Sie erneut.`,
} as const;

/** The license list's toolbar: selection mode, multi-actions, CSV export. */
export const licenseToolbarMessages = {
  selectionMode: licenseToolbarLabels.selectionMode,
  actionsFor: (count: number) => `Aktionen für ${count} ausgewählte`,
  selectAtLeast: (count: number) => `Für Aktionen mindestens ${counted(count, 'license')} auswählen.`,
  downloadDocuments: 'Dokumente herunterladen',
  starterDocumentsPdf: 'Startdokumente als PDF',
  starterDocumentsZip: 'Startdokumente als ZIP',
  licenseDocumentsPdf: 'Lizenzdokumente als PDF',
  licenseDocumentsZip: 'Lizenzdokumente als ZIP',
  /** What is downloading, beside its progress. */
  selectionCsv: 'Auswahl als CSV',
  exportSelection: 'Auswahl als CSV exportieren',
  listCsv: 'Liste als CSV',
  exportList: licenseToolbarLabels.exportList,
  /** „1,2 MB empfangen” */
  received: (megabytes: string) => `${megabytes} MB empfangen`,
  /** Said and shown when a download has ended: „Startdokumente als ZIP heruntergeladen.” */
  downloaded: (what: string) => `${what} heruntergeladen.`,
} as const;

/** „Neue Lizenz(en) anlegen” (back-office spec §4, §5). */
export const createLicensesMessages = {
  sizeInvalid: 'Die Größe muss eine ganze Zahl ab 1 sein.',
  dvdCountInvalid: 'Die DVD-Anzahl muss eine ganze Zahl ab 0 sein.',
  countOutOfRange: (max: number) => `Bitte legen Sie zwischen 1 und ${counted(max, 'license')} an.`,
  automaticPermission: 'wird automatisch vergeben',
  generateStarterDocuments: 'Startdokumente erzeugen',
  count: 'Anzahl der Lizenzen',
  countRange: (max: number) => `1 bis ${max}`,
  failed: 'Fehler beim Anlegen der Lizenzen',
  create: 'Anlegen',
  created: (count: number) => `${counted(count, 'license')} angelegt`,
} as const;

/** The shop generations' and deliveries' pages. */
export const deliveryPageMessages = {
  kindColumn: 'Art',
  openDeliveryDetails: 'Details der Versand-Aktion öffnen',
  openOrderGenerationDetails: 'Details der Shop-Generierung öffnen',
  resend: 'Erneut senden',
  sent: 'Gesendet',
  licensesAndDocuments: 'Lizenzen und Dokumente',
  noDocumentsSent: 'Noch keine Dokumente versendet',
  openDocument: (position: number) => `Dokument ${position} öffnen`,
  /** The audit trail's name of the field that links a resent delivery to its new one. */
  resentAs: 'Neue Versand-Aktion',
  mailContent: 'Inhalt der E-Mail',
  /** A delivery's recipient in a list of deliveries: „an kunde@example.com”. */
  to: 'an',
  rowLabel: (subject: string, recipient: string) => `${subject} an ${recipient}`,
} as const;

/** The upgrade sessions' pages. */
export const upgradeSessionPageMessages = {
  intro:
    'Eine Upgrade-Session entsteht bei jeder Anmeldung im Lizenz-Assistenten für eine Erweiterung oder ein Update sowie bei Neukäufen mit Angebot.',
  rowLabel: (id: string) => `Upgrade-Session ${id}`,
  openInNewTab: 'Upgrade-Session in neuem Tab öffnen',
  details: 'Details',
  offer: 'Angebot',
  offerCode: assistantScreens.offerCodeLabel,
  validUntil: 'Gültig bis',
  billingAddress: assistantScreens.billingAddress,
  shippingAddress: assistantScreens.shippingAddress,
  openOfferDocument: 'Angebotsdokument öffnen',
  /** An extension's panels: the license before it grew and the license it grew into. */
  beforeExtension: 'Vor der Erweiterung',
  afterExtension: 'Nach der Erweiterung',
} as const;
