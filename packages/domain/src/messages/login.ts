/**
 * The login error catalogue (customer spec §8, back-office spec §8). `status` is the HTTP status of
 * the failed call, or `null` when no response arrived.
 */
export const GENERIC_SERVER_ERROR =
  'Ups, da ist etwas schiefgelaufen. Wir wurden informiert und kümmern uns darum - bitte versuchen Sie es in Kürze erneut.';
export const NO_CONNECTION = 'Keine Verbindung';
export const TOO_MANY_ATTEMPTS =
  'Zu viele Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.';

export const loginMessages = {
  statusNotFound:
    'Zu diesem Lizenzschlüssel wurde keine Lizenz gefunden. Bitte überprüfen Sie den Lizenzschlüssel.',
  statusDisabled:
    'Diese Lizenz wurde deaktiviert, vermutlich wegen eines Updates auf eine neuere Version. Dafür wurden Ihnen neue Zugangsdaten ausgestellt.',
  invalidStartCode: 'Der angegebene Startcode ist ungültig',
  invalidHolderName: 'Der angegebene Lizenznehmer-Name ist nicht korrekt',
  invalidHolderNameHint:
    'Bitte achten Sie auf die exakte Schreibweise, wie sie in Ihrem Lizenzdokument steht. Sie können sich das Lizenzdokument erneut zusenden lassen.',
  alreadyBound:
    'Diese Lizenz ist bereits gebunden. Bitte melden Sie sich mit dem Namen des Lizenznehmers statt mit dem Startcode an.',
  manualInvalid:
    'Ungültige Anmeldedaten. Bitte überprüfen Sie Lizenzschlüssel und Startcode bzw. Lizenznehmer-Namen.',
  manualDeactivated: 'Diese Lizenz wurde deaktiviert. Bitte wenden Sie sich an den Support.',
  manualAlreadyBound:
    'Diese Lizenz ist bereits gebunden. Bitte wählen Sie „Gebundene Lizenz“ und melden Sie sich mit dem Namen des Lizenznehmers an, oder verwenden Sie den Reiter „Neue Lizenz“ für eine noch ungebundene Lizenz.',
  serverError: 'Es ist ein Serverfehler aufgetreten. Bitte versuchen Sie es später erneut.',
  unknownError: 'Ein unbekannter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
  directAlreadyBound:
    'Diese Lizenz wurde bereits registriert. Das aktualisierte Lizenzdokument (PDF) enthält den Namen des Lizenznehmers: Bitte verwenden Sie den Link aus diesem Dokument oder melden Sie sich manuell an.',
  directDeactivated: 'Diese Lizenz wurde deaktiviert. Bitte wenden Sie sich an den Support.',
  directInvalid:
    'Dieser Direkt-Link ist ungültig. Bitte überprüfen Sie den Link oder melden Sie sich manuell an.',
  tooManyAttempts: TOO_MANY_ATTEMPTS,
} as const;

export type CodeKind = 'startCode' | 'holderName';

/** Message of the simple login (key first, then start code or holder name). */
export function simpleLoginErrorMessage(status: number | null, codeKind: CodeKind): string {
  if (status === null) return NO_CONNECTION;
  if (status === 401)
    return codeKind === 'startCode' ? loginMessages.invalidStartCode : loginMessages.invalidHolderName;
  if (status === 404) return loginMessages.statusNotFound;
  if (status === 403) return loginMessages.statusDisabled;
  if (status === 410) return loginMessages.manualDeactivated;
  if (status === 423) return loginMessages.alreadyBound;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return loginMessages.unknownError;
}

/** Message of the status lookup that follows a complete license key. */
export function licenseStatusErrorMessage(status: number | null): string {
  if (status === null) return NO_CONNECTION;
  if (status === 404) return loginMessages.statusNotFound;
  if (status === 403) return loginMessages.statusDisabled;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return loginMessages.unknownError;
}

/** Message of the manual login (key and code together, as in the assistant). */
export function manualLoginErrorMessage(status: number | null): string {
  if (status === null) return NO_CONNECTION;
  if (status === 401) return loginMessages.manualInvalid;
  if (status === 410) return loginMessages.manualDeactivated;
  if (status === 423) return loginMessages.manualAlreadyBound;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return loginMessages.serverError;
  return loginMessages.unknownError;
}

/** Message of the direct login via `?key=&authenticationCode=`. */
export function directLoginErrorMessage(status: number | null): string {
  if (status === null) return NO_CONNECTION;
  if (status === 423) return loginMessages.directAlreadyBound;
  if (status === 410) return loginMessages.directDeactivated;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return loginMessages.serverError;
  return loginMessages.directInvalid;
}

/** The back-office login catalogue, word for word. */
export const adminLoginMessages = {
  title: 'Fehler beim Anmelden: ',
  invalid: 'Ungültige Kombination von Benutzer und Passwort',
  serverError: 'Ein interner Fehler ist aufgetreten. Handlungsbedarf :)',
  noConnection: 'Keine Verbindung. Bitte versuchen Sie es später erneut.',
} as const;

export function adminLoginErrorMessage(status: number | null): string {
  if (status === null) return adminLoginMessages.noConnection;
  if (status >= 500) return adminLoginMessages.serverError;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  return adminLoginMessages.invalid;
}
