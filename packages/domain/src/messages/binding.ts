import { NO_CONNECTION_MESSAGE, SERVER_ERROR_TRY_LATER } from './common.ts';

/** The binding form's texts and its error catalogue (customer spec §2, §4, §8). */
export const bindingMessages = {
  title: 'Lizenz binden',
  intro:
    'Binden Sie die Lizenz einmalig an den Lizenznehmer. Danach melden Sie sich mit dem Namen des Lizenznehmers statt mit dem Startcode an, und wir senden Ihnen das Lizenzdokument per E-Mail.',
  /** The catalogue's title, word for word (space included). */
  errorTitle: (status: number | null) =>
    status === null ? 'Fehler beim Binden der Lizenz' : `Fehler beim Binden der Lizenz ( Fehler ${status})`,
  notUnbound: (supportEmail: string) =>
    `Die eingegebenen Lizenz ist nicht ungebunden. Wenn Sie glauben, dass es sich dabei um einen Fehler handelt, kontaktieren Sie uns bitte unter ${supportEmail}.`,
  unknownError: (supportEmail: string) =>
    `Ein unbekannter Fehler ist aufgetreten. Bitte überprüfen Sie Ihre Eingaben und probieren Sie es erneut. Bei anhaltenden Problemen können Sie sich an ${supportEmail} wenden.`,
  /** After binding, the user and the license are loaded again (spec §4). */
  reloadFailed: 'Ein Fehler ist aufgetreten, bitte Seite neu laden',
  authorizedLabel: 'Ich bin als Käufer der Lizenz berechtigt, sie an den Lizenznehmer zu binden.',
  privacyLabel: 'Ich habe die Datenschutzerklärung gelesen und bin mit ihr einverstanden.',
  /** The link beside the privacy checkbox (opens in a new tab). */
  privacyLink: '(Datenschutzerklärung öffnen)',
  organizationWarning:
    'Bitte beachten Sie: Die Lizenz wird nur einmal gebunden, das lässt sich nicht rückgängig machen. Der Name der Organisation steht danach im Lizenzdokument und ist Ihr Anmeldename im Lizenzportal.',
  confirmationHint: 'Bitte geben Sie die E-Mail-Adresse noch einmal ein; Einfügen ist hier nicht möglich.',
  nameHint: (min: number, max: number) =>
    `${min} bis ${max} Zeichen. Mit genau diesem Namen melden Sie sich künftig an.`,
  forcedPerson: 'Eine persönliche Lizenz wird an eine natürliche Person gebunden.',
  forcedOrganization: 'Eine Pro-Lizenz wird an eine Organisation gebunden.',
  submit: 'Lizenz binden',
} as const;

/**
 * The binding error catalogue (spec §8) by HTTP status (`null`: no answer arrived): 409 the
 * license is not unbound, 5xx a server error, anything else an unknown error; both name the
 * support address.
 */
export function bindingErrorMessage(status: number | null, supportEmail: string): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status === 409) return bindingMessages.notUnbound(supportEmail);
  if (status >= 500) return SERVER_ERROR_TRY_LATER;
  return bindingMessages.unknownError(supportEmail);
}
