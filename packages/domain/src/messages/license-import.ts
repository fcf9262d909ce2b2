import { formatLicenseKey } from '../formats/license-key.ts';
import { formatCount } from '../formats/numbers.ts';
import { counted } from './plurals.ts';

/** Where a finding of an import is: a line of a CSV or JSON Lines file, an entry of a JSON array. */
export type ImportLocationKind = 'line' | 'entry';

/**
 * The import of licenses (`npm run import -- licenses`, „Lizenzen importieren”): its findings,
 * each said with its line and column, and its outcome.
 */
export const licenseImportMessages = {
  location: (kind: ImportLocationKind, line: number, column: string | null) =>
    `${kind === 'line' ? 'Zeile' : 'Eintrag'} ${line.toLocaleString('de-DE')}${column ? `, Spalte „${column}”` : ''}`,
  auditNote: (fileName: string, line: number) =>
    `Importiert aus ${fileName}, Zeile ${line.toLocaleString('de-DE')}`,
  cliActor: (user: string) => `Kommandozeile (${user})`,

  // The file as a whole.
  emptyFile: 'Die Datei ist leer.',
  unknownFormat: 'Die Datei ist weder CSV (mit Kopfzeile) noch JSON.',
  utf16: 'Die Datei ist in UTF-16 gespeichert; bitte als UTF-8 oder Windows-1252 speichern.',
  notWindows1252: (byte: number) =>
    `Die Datei ist weder UTF-8 noch Windows-1252: das Byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} kommt in keiner der beiden Kodierungen vor.`,
  doubleEncoded: (text: string) =>
    `„${text}” sieht nach doppelt kodiertem UTF-8 aus (Umlaute wurden zweimal umgewandelt); bitte die Kodierung der Datei prüfen.`,
  csvSyntax: (detail: string) => `Die CSV-Datei ist an dieser Stelle nicht lesbar: ${detail}`,
  columnCount: (found: number, expected: number) =>
    `Die Zeile hat ${found} Spalten, die Kopfzeile ${expected}.`,
  jsonSyntax: (detail: string) => `Kein gültiges JSON: ${detail}`,
  jsonNotObject: 'Ein Eintrag ist kein JSON-Objekt (eine Lizenz je Objekt).',
  jsonArrayTooLarge: (megabytes: number) =>
    `Eine JSON-Liste über ${megabytes} MB wird nicht gelesen; bitte als JSON Lines (ein Objekt je Zeile) oder CSV exportieren.`,
  tooManyRows: (rows: number, limit: number) =>
    `Die Datei enthält ${counted(rows, 'license')}; ein Import liest höchstens ${counted(limit, 'license')}. Bitte in mehrere Dateien aufteilen.`,
  tooManyFindings: (count: number) =>
    `Weitere ${count.toLocaleString('de-DE')} Befunde sind nicht aufgeführt.`,

  // The columns.
  missingColumn: (field: string) =>
    `Die Spalte „${field}” fehlt: bitte in der Datei ergänzen oder eine Spalte zuordnen.`,
  unmappedColumn: (column: string) =>
    `Die Spalte „${column}” ist keinem Feld zugeordnet und wird nicht importiert.`,
  unknownField: (field: string) => `„${field}” ist kein Feld einer Lizenz.`,
  fieldMappedTwice: (field: string, columns: readonly string[]) =>
    `Das Feld „${field}” ist mehreren Spalten zugeordnet: ${columns.map((column) => `„${column}”`).join(', ')}.`,
  unknownMappedColumn: (column: string) =>
    `Die Zuordnung nennt die Spalte „${column}”, die die Datei nicht hat.`,

  // A cell.
  required: 'Fehlt.',
  unknownValue: (value: string, allowed: readonly string[]) =>
    `Unbekannter Wert „${value}” (erlaubt: ${allowed.join(', ')}).`,
  notAWholeNumber: (value: string, min: number, max: number) =>
    `„${value}” ist keine ganze Zahl von ${min.toLocaleString('de-DE')} bis ${max.toLocaleString('de-DE')}.`,
  notADate: (value: string) => `„${value}” ist kein Datum (TT.MM.JJ hh:mm:ss, TT.MM.JJJJ oder ISO 8601).`,
  notAnEmail: (value: string) => `„${value}” ist keine gültige E-Mail-Adresse.`,
  tooLong: (max: number) => `Länger als ${max.toLocaleString('de-DE')} Zeichen.`,
  lineBreak: 'Enthält einen Zeilenumbruch oder ein Steuerzeichen.',
  controlCharacter: 'Enthält ein Steuerzeichen.',
  keyShape: (value: string) =>
    `„${value}” ist kein Lizenzschlüssel: ohne Leerzeichen und Bindestriche sind es nicht 12 Buchstaben und Ziffern.`,
  startCodeShape: (value: string) => `„${value}” ist kein Startcode: es sind nicht 6 Ziffern.`,
  notAnId: (value: string) => `„${value}” ist keine ID einer Lizenz.`,
  boundWithoutHolder:
    'Eine gebundene Lizenz braucht den Namen des Lizenznehmers: mit ihm meldet sie sich an.',

  // Across rows and the portal.
  duplicateKey: (line: number) => `Der Lizenzschlüssel steht schon in Zeile ${line.toLocaleString('de-DE')}.`,
  duplicateId: (line: number) => `Die ID steht schon in Zeile ${line.toLocaleString('de-DE')}.`,
  idTaken: 'Die ID gehört im Portal einer Lizenz mit anderem Schlüssel.',
  ambiguousKey: (other: string, where: string) =>
    `Der Lizenzschlüssel unterscheidet sich von ${formatLicenseKey(other)} (${where}) nur durch 0/O oder 1/I: beim Abtippen nicht zu unterscheiden.`,
  inThePortal: 'im Portal',
  inLine: (line: number) => `Zeile ${line.toLocaleString('de-DE')}`,
  successorMissing: (value: string) =>
    `Die Nachfolgelizenz „${value}” ist weder in der Datei noch im Portal.`,
  successorItself: 'Eine Lizenz kann nicht auf sich selbst aktualisiert sein.',
  unchanged: 'unverändert: die Lizenz ist im Portal, genau so.',
  different: (fields: readonly string[]) =>
    `abweichend: die Lizenz ist im Portal und bleibt, wie sie ist; anders in der Datei: ${fields.join(', ')}.`,
  /**
   * The reason of a run whose process ended while it ran (Ctrl-C, kill, crash, a server's restart;
   * decision 082): its one transaction never committed. The back office's job starts it over.
   */
  abandoned:
    'abgebrochen, weil der Prozess, der den Lauf ausführte, beendet wurde (Abbruch, Absturz oder Neustart); nichts wurde importiert',
  /** A finding that quoted a person's data, after „Löschen / Anonymisieren” (decision 064). */
  erasedOnRequest: 'Der Wortlaut dieses Befunds wurde auf Anfrage gelöscht (Art. 17 DSGVO).',
} as const;

/** The state of an import run as the back office and the command line name it. */
export const LICENSE_IMPORT_STATUS_LABELS = {
  running: 'Läuft',
  completed: 'Import abgeschlossen',
  checked: 'Geprüft (Probelauf)',
  refused: 'Nicht importiert (fehlerhafte Zeilen)',
  failed: 'Fehlgeschlagen',
} as const;
export type LicenseImportStatus = keyof typeof LICENSE_IMPORT_STATUS_LABELS;

/** „Lizenzen importieren” in the back office: upload, mapping, dry run, import, the runs. */
export const licenseImportPageMessages = {
  backToLicenses: 'Zurück zu allen Lizenzen',
  intro:
    'Lizenzen aus dem bisherigen System übernehmen: Datei hochladen, Spalten zuordnen, Probelauf prüfen, dann importieren. Vorhandene Lizenzschlüssel werden nie geändert, niemand bekommt eine E-Mail.',

  // 1. The file.
  fileStep: '1. Datei hochladen',
  fileLabel: 'Importdatei (CSV oder JSON)',
  fileDescription: (megabytes: number) =>
    `Der Lizenz-Export des Portals (CSV mit ; oder , getrennt, UTF-8 oder Windows-1252) oder JSON, höchstens ${formatCount(megabytes)} MB.`,
  upload: 'Hochladen',
  uploading: (percent: number) => `Wird hochgeladen … ${formatCount(percent)} %`,
  uploadProgress: 'Fortschritt des Hochladens',
  uploadFailed: 'Die Datei konnte nicht hochgeladen werden.',
  fileTooLarge: (megabytes: number) =>
    `Die Datei ist zu groß: höchstens ${formatCount(megabytes)} MB. Bitte in mehrere Dateien aufteilen.`,
  fileChosen: (name: string, megabytes: string) => `${name} (${megabytes} MB)`,
  otherFile: 'Andere Datei wählen',
  fileGone:
    'Die Datei ist nicht mehr gespeichert (importiert oder länger als einen Tag liegen geblieben). Bitte erneut hochladen.',

  // 2. The mapping.
  mappingStep: '2. Spalten zuordnen',
  mappingIntro:
    'Jede Spalte der Datei einem Feld des Portals zuordnen. Vorbelegt sind die Zuordnung des letzten Imports und gleichlautende Spaltentitel.',
  columnHeader: 'Spalte der Datei',
  fieldHeader: 'Feld im Portal',
  fieldOf: (column: string) => `Feld für die Spalte „${column}”`,
  doNotImport: 'nicht importieren',
  noColumns: 'Die Datei hat keine Spalten, die sich zuordnen ließen.',

  // 3. Dry run and import.
  checkStep: '3. Probelauf und Import',
  dryRun: 'Probelauf starten',
  dryRunAgain: 'Probelauf wiederholen',
  runImport: 'Import ausführen',
  onlyValid: 'Nur gültige Zeilen importieren',
  onlyValidDescription: (invalid: number) =>
    `Übersprungen werden dann: ${counted(invalid, 'invalidLine')}; ohne diese Wahl wird nichts importiert.`,
  runPending: 'Ein Lauf dieser Datei ist schon angestoßen; bitte sein Ende abwarten.',
  chooseOnlyValid:
    'Die Datei hat fehlerhafte Zeilen: bitte „Nur gültige Zeilen importieren” wählen oder die Datei korrigieren und neu hochladen.',
  importNeedsDryRun: 'Erst der Probelauf mit dieser Zuordnung, dann der Import.',
  mappingChanged: 'Die Zuordnung wurde geändert: bitte den Probelauf wiederholen.',
  queued: 'Wartet auf den Start …',
  progressLabel: 'Fortschritt des Laufs',
  rowsProgress: (read: number, expected: number) =>
    `${formatCount(read)} von etwa ${formatCount(expected)} Zeilen gelesen`,
  checking: 'Alle Zeilen gelesen; Prüfung gegen das Portal und Schreiben …',
  imported: (count: number) => `${counted(count, 'license')} importiert.`,
  nothingImported: 'Nichts importiert: die Datei hat fehlerhafte Zeilen.',
  runFailed: (error: string) => `Der Lauf ist fehlgeschlagen: ${error}`,

  // The report.
  report: 'Bericht',
  dryRunReport: 'Bericht des Probelaufs',
  importReport: 'Bericht des Imports',
  countNew: 'neu',
  countUnchanged: 'unverändert',
  countDifferent: 'abweichend',
  countErrors: 'Fehler',
  countRows: 'Zeilen gelesen',
  countsLabel: 'Ergebnis in Zahlen',
  findingsLabel: 'Befunde des Laufs',
  findingLocation: 'Stelle',
  findingKind: 'Art',
  findingMessage: 'Meldung',
  noFindings: 'Keine Befunde: jede Zeile ist neu und gültig.',
  moreFindings: (shown: number, total: number) =>
    `Die ersten ${formatCount(shown)} von ${formatCount(total)} Befunden; alle im herunterladbaren Bericht.`,
  downloadReport: 'Bericht herunterladen (CSV)',
  reportFile: (fileName: string) => `Importbericht ${fileName}`,
  reportColumns: ['Zeile', 'Spalte', 'Art', 'Meldung'] as const,

  // The runs.
  runsTitle: 'Bisherige Läufe',
  noRuns: 'Noch kein Import und kein Probelauf.',
  runsLoadFailed: 'Die Läufe konnten nicht geladen werden.',
  runWhen: 'Zeitpunkt',
  runWho: 'Von',
  runFile: 'Datei',
  runKind: 'Art',
  runStatus: 'Stand',
  runCounts: 'neu / unverändert / abweichend / Fehler',
  runSha: 'SHA-256',
  runReport: 'Bericht',
  kindDryRun: 'Probelauf',
  kindImport: 'Import',
  kindImportOnlyValid: 'Import (nur gültige Zeilen)',
  reportOf: (fileName: string, when: string) => `Bericht für ${fileName} vom ${when} herunterladen`,
} as const;

/** The kinds of a finding as the report names them. */
export const LICENSE_IMPORT_FINDING_LABELS = {
  error: 'Fehler',
  different: 'abweichend',
  unchanged: 'unverändert',
  note: 'Hinweis',
} as const;
