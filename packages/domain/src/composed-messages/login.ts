import { ERROR_CODES } from '../http/errors.ts';
import {
  GENERIC_SERVER_ERROR,
  NO_CONNECTION_MESSAGE,
  SERVER_ERROR_TRY_LATER,
  UNKNOWN_ERROR,
} from '../messages/common.ts';
import { pageTitles } from '../messages/navigation.ts';

/**
 * The login error catalogue (customer spec §8, back-office spec §8). A text the API sends itself is
 * taken from its error code, not written again. `status` is the HTTP status of the failed call, or
 * `null` when no answer arrived (the error box then shows the tag „Keine Verbindung”).
 */
export const loginMessages = {
  statusNotFound: ERROR_CODES.LICENSE_NOT_FOUND.message,
  statusDisabled: ERROR_CODES.LICENSE_DISABLED.message,
  /** A license disabled because its order was refunded or cancelled and undone (decision 066). */
  withdrawn: (order: string) =>
    `Diese Lizenz wurde zurückgenommen, weil die Bestellung ${order} erstattet oder storniert wurde. Bei Fragen wenden Sie sich bitte an den Support.`,
  invalidStartCode: 'Der angegebene Startcode ist ungültig',
  invalidHolderName: 'Der angegebene Lizenznehmer-Name ist nicht korrekt',
  invalidHolderNameHint:
    'Bitte achten Sie auf die exakte Schreibweise, wie sie in Ihrem Lizenzdokument steht. Sie können sich das Lizenzdokument erneut zusenden lassen.',
  alreadyBound: ERROR_CODES.LICENSE_ALREADY_BOUND.message,
  deactivated: ERROR_CODES.LICENSE_DEACTIVATED.message,
  tooManyAttempts: ERROR_CODES.TOO_MANY_REQUESTS.message,
  serverError: SERVER_ERROR_TRY_LATER,
  directAlreadyBound:
    'Diese Lizenz wurde bereits registriert. Das aktualisierte Lizenzdokument (PDF) enthält den Namen des Lizenznehmers: Bitte verwenden Sie den Link aus diesem Dokument oder melden Sie sich manuell an.',
  directInvalid:
    'Dieser Direkt-Link ist ungültig. Bitte überprüfen Sie den Link oder melden Sie sich manuell an.',
} as const;

export type CodeKind = 'startCode' | 'holderName';

/**
 * Message of the simple login (key first, then start code or holder name). It is also the spec's
 * manual login: „switch to manual login” leads to /login, and this form is what it finds there; its
 * rows (410, 423, 5xx, other, no answer with the original message and retry) are the same cases,
 * worded for this form — a 401 names the code that was wrong, a 423 the holder name to use instead.
 */
export function simpleLoginErrorMessage(status: number | null, codeKind: CodeKind): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status === 401)
    return codeKind === 'startCode' ? loginMessages.invalidStartCode : loginMessages.invalidHolderName;
  if (status === 404) return loginMessages.statusNotFound;
  if (status === 403) return loginMessages.statusDisabled;
  if (status === 410) return loginMessages.deactivated;
  if (status === 423) return loginMessages.alreadyBound;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return UNKNOWN_ERROR;
}

/** Message of the status lookup that follows a complete license key. */
export function licenseStatusErrorMessage(status: number | null): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status === 404) return loginMessages.statusNotFound;
  if (status === 403) return loginMessages.statusDisabled;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return GENERIC_SERVER_ERROR;
  return UNKNOWN_ERROR;
}

/** Message of the direct login via `?key=&authenticationCode=`. */
export function directLoginErrorMessage(status: number | null): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status === 423) return loginMessages.directAlreadyBound;
  if (status === 410) return loginMessages.deactivated;
  if (status === 429) return loginMessages.tooManyAttempts;
  if (status >= 500) return loginMessages.serverError;
  return loginMessages.directInvalid;
}

/**
 * The back-office login catalogue, word for word. Without an answer the box reads „Keine
 * Verbindung” (its tag) followed by `noConnection`: the spec's sentence, without saying it twice.
 */
export const adminLoginMessages = {
  title: 'Fehler beim Anmelden: ',
  invalid: 'Ungültige Kombination von Benutzer und Passwort',
  serverError: 'Ein interner Fehler ist aufgetreten. Handlungsbedarf :)',
  noConnection: 'Bitte versuchen Sie es später erneut.',
} as const;

export function adminLoginErrorMessage(status: number | null): string {
  if (status === null) return adminLoginMessages.noConnection;
  if (status >= 500) return adminLoginMessages.serverError;
  if (status === 429) return loginMessages.tooManyAttempts;
  return adminLoginMessages.invalid;
}

/** The customer login's screens (customer spec §2): the form, the login by link and the help below. */
export const loginPageMessages = {
  intro:
    'Melden Sie sich mit Ihrem Lizenzschlüssel an. Danach fragen wir den Startcode oder – bei einer bereits gebundenen Lizenz – den Namen des Lizenznehmers ab.',
  /** What the key's status asks for next. */
  enterStartCode: 'Diese Lizenz ist noch nicht gebunden: Bitte geben Sie den Startcode ein.',
  enterHolderName: 'Diese Lizenz ist gebunden: Bitte geben Sie den Namen des Lizenznehmers ein.',
  statusCheckFailed: 'Lizenzschlüssel konnte nicht geprüft werden',
  failed: 'Anmeldung fehlgeschlagen',
  /** Beside the hint on a wrong holder name: the way to the license document. */
  resendDocument: 'Lizenzdokument erneut zusenden lassen',
  directIntro: 'Sie melden sich über einen Direkt-Link mit diesen Zugangsdaten an:',
  directSigningIn: 'Anmeldung läuft …',
  directFailed: 'Anmeldung über den Direkt-Link fehlgeschlagen',
  toManualLogin: 'Zur manuellen Anmeldung',
  documentLost: 'Lizenzdokument verloren?',
  requestDocument: 'Lassen Sie sich Ihr Lizenzdokument erneut zusenden',
  questions: 'Fragen zur Anmeldung?',
  help: pageTitles.help,
} as const;

/** The sign-in fields of a license (login, login by link, assistant): their hints while typing. */
export const credentialFieldMessages = {
  keyHint: 'Sie finden ihn in Ihrem Startdokument oder Lizenzdokument.',
  keyChecking: 'Lizenzschlüssel wird geprüft',
  startCodeHint: 'Die sechs Ziffern aus Ihrem Startdokument.',
  holderNameHint: 'Genau so geschrieben, wie er in Ihrem Lizenzdokument steht.',
} as const;

/** The back-office login's screen (its errors are `adminLoginMessages`). */
export const adminLoginPageMessages = {
  showPassword: 'Passwort anzeigen',
  toCustomerLogin: 'Zur Kunden-Anmeldung',
  submit: 'Anmelden',
} as const;

/** A session's end and its check: the route guards' wait and the toast when a sign-in expired. */
export const sessionMessages = {
  checking: 'Anmeldung wird geprüft …',
  endedTitle: 'Abgemeldet',
  ended: 'Ihre Anmeldung ist abgelaufen oder nicht mehr gültig. Bitte melden Sie sich erneut an.',
  /** On the login page after a session ended, until the user signs in again. */
  endedReturn:
    'Ihre Anmeldung ist abgelaufen oder nicht mehr gültig. Nach der Anmeldung kehren Sie zu der Seite zurück, auf der Sie waren; eine begonnene Bearbeitung ist noch da.',
  /** The dialog shortly before a sign-in ends. */
  expiringTitle: 'Ihre Anmeldung läuft ab',
  expiring: (until: string) =>
    `Ihre Anmeldung endet um ${until} Uhr. Möchten Sie angemeldet bleiben? Ohne Antwort werden Sie dann abgemeldet; eine begonnene Bearbeitung bleibt erhalten.`,
  extend: 'Angemeldet bleiben',
  signOut: 'Abmelden',
  extendFailed: 'Die Anmeldung konnte nicht verlängert werden. Bitte versuchen Sie es erneut.',
  /** The server named a user type this app does not know (the guards treat it as such a user). */
  unknownUserType: (userType: string) => `Unbekannter Benutzertyp „${userType}”.`,
} as const;
