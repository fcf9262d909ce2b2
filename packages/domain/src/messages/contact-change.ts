import { NO_CONNECTION_MESSAGE, SERVER_ERROR_TRY_LATER } from './common.ts';

/**
 * „Kontakt ändern” on „Meine Lizenz”, the confirmation page `/kontakt-bestaetigen` and the two
 * mails of a contact change (issue 40): a bound holder corrects contact person and e-mail, the
 * new address confirms by a link, the old address is told.
 */
export const contactChangeMessages = {
  open: 'Kontakt ändern',
  title: 'Kontaktdaten ändern',
  intro:
    'Ändern Sie hier den Ansprechpartner und die E-Mail-Adresse Ihrer Lizenz. Wir senden einen Bestätigungslink an die neue Adresse; erst wenn Sie ihn öffnen und bestätigen, gilt die Änderung.',
  holderNameHint: 'Der Name des Lizenznehmers ist Ihr Anmeldename und bleibt unverändert.',
  submit: 'Bestätigungslink senden',
  cancel: 'Abbrechen',
  nothingChanged:
    'Die Angaben entsprechen den bisherigen Kontaktdaten. Bitte ändern Sie mindestens eine Angabe.',
  sentTitle: 'Bitte bestätigen Sie die neue Adresse',
  sent: (email: string, until: string) =>
    `Wir haben einen Bestätigungslink an ${email} gesendet. Er ist bis ${until} Uhr gültig und kann einmal verwendet werden. Bis dahin bleiben die bisherigen Kontaktdaten gültig.`,
  errorTitle: 'Die Kontaktdaten konnten nicht geändert werden',
  notBound: 'Nur eine gebundene Lizenz hat Kontaktdaten, die Sie ändern können.',
  mailLimitReached: (retryAt: string) =>
    `An diese E-Mail-Adresse oder von Ihrem Internetanschluss aus wurden in kurzer Zeit zu viele E-Mails gesendet. Ab ${retryAt} Uhr können wir Ihnen wieder einen Bestätigungslink senden.`,

  /** `/kontakt-bestaetigen`. */
  confirmIntro: 'Bitte prüfen Sie die neuen Kontaktdaten und bestätigen Sie die Änderung.',
  holder: 'Lizenznehmer',
  validUntil: (until: string) => `Der Link ist bis ${until} Uhr gültig.`,
  confirm: 'Änderung bestätigen',
  confirmedTitle: 'Kontaktdaten geändert',
  confirmed:
    'Vielen Dank, die neuen Kontaktdaten gelten ab sofort. Wir haben die bisherige E-Mail-Adresse über die Änderung informiert.',
  toMyLicense: 'Zu Meine Lizenz',
  linkInvalidTitle: 'Dieser Link ist ungültig',
  linkInvalid:
    'Der Link ist unvollständig oder gehört zu keiner Änderung. Bitte öffnen Sie den Link genau so, wie er in der E-Mail steht, oder fordern Sie unter „Meine Lizenz” einen neuen an.',
  linkExpiredTitle: 'Dieser Link ist abgelaufen',
  linkExpired: (hours: number) =>
    `Ein Bestätigungslink ist ${hours} Stunden gültig. Bitte fordern Sie unter „Meine Lizenz” einen neuen an; die bisherigen Kontaktdaten sind unverändert.`,
  linkReplacedTitle: 'Dieser Link wurde ersetzt',
  linkReplaced:
    'Für diese Lizenz wurde danach eine neuere Änderung angefordert; nur deren Link gilt. Bitte verwenden Sie den Link aus der neuesten E-Mail.',
  linkUsedTitle: 'Dieser Link wurde bereits verwendet',
  linkUsed: 'Die Änderung wurde mit diesem Link schon bestätigt. Jeder Link gilt nur einmal.',
  failedTitle: 'Die Änderung konnte nicht bestätigt werden',

  /** The mail with the link, to the new address. */
  confirmationMail: {
    subject: 'Bitte bestätigen Sie Ihre neuen Kontaktdaten',
    requested: (holderName: string) =>
      `für die Lizenz von „${holderName}” wurde im Lizenzportal eine Änderung der Kontaktdaten angefordert:`,
    action: 'Änderung bestätigen',
    validUntil: (until: string) =>
      `Der Link ist bis ${until} Uhr gültig und kann einmal verwendet werden. Erst mit Ihrer Bestätigung gilt die Änderung.`,
    notRequested:
      'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail einfach ignorieren; es ändert sich dann nichts.',
  },
  /** The notice to the old address once the change is confirmed. */
  changedMail: {
    subject: 'Die Kontaktdaten Ihrer Lizenz wurden geändert',
    changed: (holderName: string) =>
      `die Kontaktdaten der Lizenz von „${holderName}” wurden im Lizenzportal geändert und mit einem Link an die neue E-Mail-Adresse bestätigt:`,
    notYou: (supportEmail: string) =>
      `Wenn Sie diese Änderung nicht veranlasst haben, wenden Sie sich bitte umgehend an ${supportEmail}.`,
  },
  contactLabel: 'Ansprechpartner',
  emailLabel: 'E-Mail',
  none: '–',
} as const;

/**
 * What the contact form says of a failed request, by HTTP status (`null`: no answer arrived): the
 * server's own German message where it is the user's to act on (400: a field; 429: when the next
 * link can be sent), the license no longer bound for 409, a server error for 5xx.
 */
export function contactChangeErrorMessage(status: number | null, serverMessage: string): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status === 409) return contactChangeMessages.notBound;
  if (status >= 500) return SERVER_ERROR_TRY_LATER;
  return serverMessage;
}

/** Why a confirmation link is refused, by the API's error code: the page's title and text; null for other failures. */
export function contactLinkRefusal(code: string, linkHours: number): { title: string; text: string } | null {
  const m = contactChangeMessages;
  switch (code) {
    case 'CONTACT_LINK_INVALID':
      return { title: m.linkInvalidTitle, text: m.linkInvalid };
    case 'CONTACT_LINK_EXPIRED':
      return { title: m.linkExpiredTitle, text: m.linkExpired(linkHours) };
    case 'CONTACT_LINK_REPLACED':
      return { title: m.linkReplacedTitle, text: m.linkReplaced };
    case 'CONTACT_LINK_USED':
      return { title: m.linkUsedTitle, text: m.linkUsed };
    case 'LICENSE_NOT_BOUND':
      return { title: m.failedTitle, text: m.notBound };
    default:
      return null;
  }
}
