import { RETRY_LABEL } from './common.ts';
import { counted } from './plurals.ts';

/**
 * The license assistant's German texts (customer spec §2, §4, §5, §8): warnings, dialogs, notes,
 * toasts and error messages, shared by the assistant's screens, its machine and the server.
 */
export const assistantMessages = {
  // License login inside the assistant (spec §5 "Version restriction in the assistant").
  upgradeNeedsVersion8: (version: string) =>
    `Diese Lizenz gehört zur Version ${version}. Ein Update auf Version 9 ist nur für Lizenzen der Version 8 möglich.`,
  extensionNeedsVersion9: (version: string) =>
    `Diese Lizenz gehört zur Version ${version}. Erweitern lassen sich nur Pro-Lizenzen der Version 9.`,
  extensionNeedsPro: (classLabel: string) =>
    `Diese Lizenz ist eine ${classLabel}. Erweitern lassen sich nur Pro-Lizenzen; persönliche Lizenzen können weder erweitert noch in eine Pro-Lizenz umgewandelt werden.`,
  extensionOneLicense: 'Eine Erweiterung ist immer nur für eine Lizenz möglich.',
  licenseAlreadyAdded: 'Diese Lizenz haben Sie bereits hinzugefügt.',

  // The confirmation when an update is to become a personal license (spec §4 "Assistant flow").
  personalOnlyTitle: 'Nur für natürliche Personen',
  personalOnlyText:
    'Die persönliche Lizenz ist nur für natürliche Personen bestimmt. Institutionen, Schulen, Kindertagesstätten, Behörden, Unternehmen und Vereine müssen auch für nur einen Nutzer eine Pro-Lizenz erwerben.',
  personalOnlyConfirm: 'Fortfahren mit Persönlicher Lizenz',
  personalOnlyCancel: 'Abbrechen',

  // Pro seat calculator.
  reductionTitle: 'Lizenzverkleinerung',
  reductionText: (previousSeats: number) =>
    `Ihre bisherigen Lizenzen umfassen ${counted(previousSeats, 'seat')}. Mit weniger Arbeitsplätzen wird Ihre Lizenz verkleinert; eine spätere Vergrößerung ist dann nicht mehr zum günstigen Update-Preis möglich.`,
  extensionNeedsMoreSeats: (previousSeats: number) =>
    `Ihre Lizenz umfasst bereits ${counted(previousSeats, 'seat')}. Wählen Sie für die Erweiterung eine größere Anzahl.`,
  oneProLicensePerOrder:
    'Pro Bestellung kann nur eine Pro-Lizenz erworben werden: Alle gewählten Arbeitsplätze gehören zu dieser einen Lizenz.',

  // DVDs and invoices (spec §5).
  dvdOnlyGermany: 'DVDs können nur nach Deutschland geliefert werden',
  dvdMaximumIsSize: 'Die maximale DVD-Anzahl ist die Lizenz-Größe',
  taxFreeInvoice:
    'Eine steuerfreie Rechnung für Unternehmen in EU-Ländern außerhalb Deutschlands ist nur mit einer Umsatzsteuer-Identifikationsnummer und der dort registrierten Firmenadresse möglich. Eine nachträgliche Änderung der Rechnung ist nicht möglich.',

  // Reseller order (spec §5).
  resellerCountryRequired: 'Bitte wählen Sie das Land, in das geliefert wird.',
  resellerNoLicenses: 'Bitte fügen Sie mindestens eine Lizenz hinzu.',
  resellerLineTwice: 'Jede Lizenzposition einer Reseller-Bestellung braucht eine eigene Kennung (uid).',
  defaultCustomerReference: (number: number) => `Lizenz ${number}`,

  // Offers (spec §4 "Offer", §8 "Load offer").
  loadOfferTitle: 'Fehler beim Laden des Angebots',
  offerNotFound:
    'Es konnte kein Angebot zu diesem Angebotscode gefunden werden. Bitte überprüfen Sie Ihre Eingabe und achten Sie auf die Groß- und Kleinschreibung.',
  offerExpired:
    'Dieses Angebot ist abgelaufen. Sie können den Assistenten erneut durchlaufen, um ein neues Angebot zu erhalten, oder direkt bestellen.',
  offerNotAvailableTitle: 'Nicht mehr verfügbar',
  offerNotAvailableText: 'Das gewählte Angebot wurde bereits bestellt!',

  // Upgrade-session calls (spec §8 "Assistant").
  createSessionTitle: 'Fehler beim Erstellen der Update-Session',
  patchSessionTitle: 'Fehler beim Aktualisieren der Update-Session',
  createOfferTitle: 'Fehler beim Erstellen des Angebots',
  retry: RETRY_LABEL,

  // Rules the server checks on an upgrade session (its 400 messages).
  personalAtMostOneDvd: 'Zu einer persönlichen Lizenz gehört höchstens eine DVD.',
  purchaseNeedsLicenses: 'Für ein Update oder eine Erweiterung werden die bisherigen Lizenzen benötigt.',
  purchaseTakesNoLicenses: 'Ein Neukauf oder eine Reseller-Bestellung nennt keine bisherigen Lizenzen.',
  accessTokensMismatch: 'Zu jeder bisherigen Lizenz gehört genau ein Zugangs-Token.',
  wrongVersions: 'Die Versionen passen nicht zur Art des Kaufs.',
  propertiesRequired: 'Bitte wählen Sie die Lizenz (Klasse und Arbeitsplätze).',
  resellerTakesNoProperties: 'Eine Reseller-Bestellung beschreibt ihre Lizenzen einzeln.',
  extensionIsPro: 'Erweitern lassen sich nur Pro-Lizenzen.',
  shippingRequired: 'Bitte geben Sie die abweichende Lieferadresse an.',
} as const;

/** The message of a failed offer load by its HTTP status (spec §8: 403 unknown, 410 expired). */
export function loadOfferErrorMessage(status: number | null, serverMessage: string): string {
  if (status === 403) return assistantMessages.offerNotFound;
  if (status === 410) return assistantMessages.offerExpired;
  return serverMessage;
}
