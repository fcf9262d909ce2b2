/** The labels of the binding form; the validation messages name the fields by them (spec §5). */
export const HOLDER_FORM_LABELS = {
  holderType: 'Lizenznehmer-Typ',
  name: 'Name des Lizenznehmers',
  contact: 'Ansprechpartner',
  email: 'E-Mail',
  emailConfirmation: 'E-Mail (Wiederholung)',
  authorized: 'Berechtigung zur Bindung',
  privacyAccepted: 'Datenschutzerklärung',
} as const;
export type HolderFormField = keyof typeof HOLDER_FORM_LABELS;
