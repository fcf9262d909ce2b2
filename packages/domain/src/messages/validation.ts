/** The validation catalogue of the customer spec (§8), word for word. */
export const validationMessages = {
  required: (field: string) => `Bitte machen Sie eine Angabe für „${field}”.`,
  invalid: (field: string) => `Die Angabe für das Feld „${field}” ist ungültig.`,
  confirmed: (field: string) => `Die Wiederholung des Feldes „${field}” stimmt nicht überein.`,
  minLength: (field: string, min: number) => `${field} muss mindestens ${min} Zeichen lang sein.`,
  maxLength: (field: string, max: number) => `${field} darf höchstens ${max} Zeichen lang sein.`,
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
  'properties.class': 'Lizenzklasse',
  'properties.type': 'Lizenzart',
  'properties.size': 'Größe',
  'properties.delivery': 'Auslieferung',
  'properties.dvdCount': 'DVD-Anzahl',
  'holder.name': 'Name des Lizenznehmers',
  'holder.email': 'E-Mail',
  'holder.contact': 'Ansprechpartner',
  'holder.holderType': 'Lizenznehmer-Typ',
  count: 'Anzahl',
  notes: 'Notizen',
  specialPermissions: 'Sonderberechtigungen',
  email: 'E-Mail',
  recipient: 'Empfänger',
  recipientName: 'Name des Empfängers',
  documentType: 'Dokumentart',
  note: 'Notiz',
  licenses: 'Lizenzen',
};

export function fieldLabel(path: string): string {
  return FIELD_LABELS[path] ?? path;
}
