/**
 * The labels of the address and offer fields; the validation messages name the fields by them
 * (spec §5). Apart from the schemas, so that a message needs no zod (the assistant's first load).
 */
const ADDRESS_LABELS = {
  name: 'Firmenname oder Name',
  additional1: 'Adresszusatz 1',
  additional2: 'Adresszusatz 2',
  street: 'Straße',
  houseNumber: 'Hausnummer',
  postcode: 'PLZ',
  city: 'Ort',
  countryCode: 'Land',
} as const;

/** German labels of the address, offer and session fields, by their path in the request bodies. */
export const ADDRESS_FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(ADDRESS_LABELS).flatMap(([field, label]) => [
      [`billing.${field}`, label],
      [`shipping.${field}`, label],
    ]),
  ),
  'billing.email': 'E-Mail',
  'billing.reference': 'Referenz',
  'billing.note': 'Anmerkung',
  emailConfirmation: 'E-Mail (Wiederholung)',
  shipToDifferentAddress: 'Abweichende Lieferadresse',
};
