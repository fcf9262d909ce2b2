import { HOLDER_FORM_LABELS } from './holder-labels.ts';
import { ADDRESS_FIELD_LABELS } from './address-labels.ts';
import { TERMS } from './vocabulary.ts';

/** The validation catalogue of the customer spec (§8), word for word. */
export const validationMessages = {
  /** A problem of the whole request, not of one field (the API's `VALIDATION_FAILED`). */
  request: 'Die Anfrage ist ungültig.',
  required: (field: string) => `Bitte machen Sie eine Angabe für „${field}”.`,
  invalid: (field: string) => `Die Angabe für das Feld „${field}” ist ungültig.`,
  confirmed: (field: string) => `Die Wiederholung des Feldes „${field}” stimmt nicht überein.`,
  minLength: (field: string, min: number) => `${field} muss mindestens ${min} Zeichen lang sein.`,
  maxLength: (field: string, max: number) => `${field} darf höchstens ${max} Zeichen lang sein.`,
  /** A NUL byte or the like, which no field accepts. */
  forbiddenCharacter: 'Die Anfrage enthält ein unzulässiges Zeichen.',
  /** A name or address line with a line break or a control character (`oneLine`). */
  lineBreakOrControl: (field: string) =>
    `Das Feld „${field}” darf keine Zeilenumbrüche oder Steuerzeichen enthalten.`,
  /** A text of several lines with a control character other than line breaks and tabs (`severalLines`). */
  controlCharacter: (field: string) => `Das Feld „${field}” darf keine Steuerzeichen enthalten.`,
  /** A count outside what the field takes: said at the field, the number typed stays as it is. */
  outOfRange: (field: string, min: number, max: number) =>
    `„${field}” muss zwischen ${min.toLocaleString('de-DE')} und ${max.toLocaleString('de-DE')} liegen.`,
} as const;

/** German labels of the fields the API validates, used in 400 messages and in forms. */
export const FIELD_LABELS: Record<string, string> = {
  key: 'Lizenzschlüssel',
  startCode: 'Startcode',
  authenticationCode: 'Startcode oder Lizenznehmer-Name',
  username: 'Benutzername',
  password: 'Passwort',
  version: 'Version',
  status: 'Status',
  'properties.class': TERMS.licenseClass,
  'properties.type': TERMS.licenseType,
  'properties.size': 'Größe',
  'properties.delivery': 'Auslieferung',
  'properties.dvdCount': 'DVD-Anzahl',
  'holder.name': HOLDER_FORM_LABELS.name,
  'holder.email': HOLDER_FORM_LABELS.email,
  'holder.contact': HOLDER_FORM_LABELS.contact,
  'holder.holderType': HOLDER_FORM_LABELS.holderType,
  count: 'Anzahl',
  notes: 'Notizen',
  specialPermissions: 'Sonderberechtigungen',
  recipient: 'Empfänger',
  recipientName: 'Name des Empfängers',
  documentType: 'Dokumentart',
  note: 'Notiz',
  licenses: 'Lizenzen',
  /** The license's own fields, as the back office's list and editor name them. */
  typeOfEntry: 'Herkunft',
  entryReference: 'Bestellnummer oder Ersteller',
  'downloads.software': 'Downloads der Software',
  'downloads.metasearch': 'Downloads von metasearch',
  productSKU: 'Produkt-SKU',
  extensionSKU: 'Erweiterungs-SKU',
  updatedToLicense: 'Aktualisiert auf Lizenz',
  /** The overview's period and figure (`/overview/figure/{figure}?period=…`). */
  period: 'Zeitraum',
  figure: 'Kennzahl',
  ...ADDRESS_FIELD_LABELS,
  // The body of the holder binding (customer spec §7) names the holder's fields at its top.
  ...HOLDER_FORM_LABELS,
};

/**
 * Labels of the license's fields whose names the sign-in uses for something else
 * (`authenticationCode`: there the code typed at the login): the license's edit schema names them
 * (`meta({ title })`), so that its 400 says what the editor's field says.
 */
export const LICENSE_FIELD_LABELS = {
  authenticationCode: 'Authentifizierungscode',
} as const;

/**
 * Labels of the query of a signed file link (a document or download): its fields share names with
 * the license's (`key`, `name`) but mean the file, so its schema names them (`meta({ title })`).
 */
export const SIGNED_FILE_LABELS = {
  key: 'Datei',
  name: 'Dateiname',
  record: 'Download',
  expires: 'Ablaufzeit',
  signature: 'Signatur',
} as const;

export function fieldLabel(path: string): string {
  return FIELD_LABELS[path] ?? path;
}

/** Rules every license shape follows, in the license editor and in the assistant's sessions. */
export const licenseRuleMessages = {
  dvdsExceedSize: 'Die DVD-Anzahl darf die Lizenz-Größe nicht übersteigen.',
  personalIsOneSeat: 'Eine persönliche Lizenz gilt für genau eine Person (Größe 1).',
} as const;
