/**
 * Texts several catalogues share. Every German text of the portal is written once in
 * `packages/domain` (decision 009): here when more than one capability shows it, otherwise in the
 * capability's own file beside this one, or as the default text of an API error code
 * (`http/errors.ts`).
 */

/** A license's version as the back office's license pages and the assistant's license lines name it. */
export const licenseVersion = (version: string) => `Version ${version}`;

/** The customer spec's default for any 500. */
export const GENERIC_SERVER_ERROR =
  'Ups, da ist etwas schiefgelaufen. Wir wurden informiert und kümmern uns darum - bitte versuchen Sie es in Kürze erneut.';

/** The spec's wording of a server error where the screen asks to come back later (binding, login). */
export const SERVER_ERROR_TRY_LATER =
  'Ein Serverfehler ist aufgetreten. Bitte versuchen Sie es später erneut.';

/** The tag of an error box: the HTTP status of the failed call. */
export const errorCodeTag = (status: number) => `Fehler-Code ${status}`;

/**
 * Below a server error: the id the server's log knows the request by, for the customer to quote
 * (issue #22: support finds the log of the error a customer reports).
 */
export const requestIdNote = (requestId: string) => `Fehlercode für den Support: ${requestId}`;

/** The error box's button that repeats the failed call. */
export const RETRY_LABEL = 'Erneut versuchen';

/** The tag of an error box when no answer arrived (instead of "Fehler-Code {status}"). */
export const NO_CONNECTION_TAG = 'Keine Verbindung';

/** The message below that tag: what failed and what to do (the tag already says "Keine Verbindung"). */
export const NO_CONNECTION_MESSAGE =
  'Der Server hat nicht geantwortet. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.';

/**
 * Below the no-connection message: what the browser itself said („Failed to fetch”), for support
 * to tell a blocked request from a network that is down (customer spec §8, manual login).
 */
export const originalMessageNote = (message: string) => `Ursprüngliche Meldung: ${message}`;

/** A server answer that is not the API's error envelope (a proxy's error page, for instance). */
export const UNEXPECTED_RESPONSE = 'Der Server hat unerwartet geantwortet.';

export const UNKNOWN_ERROR = 'Ein unbekannter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.';

/** A select whose code could not be downloaded (no connection, a new release): it can be asked again. */
export const SELECT_LOAD_FAILED = 'Die Auswahl konnte nicht geladen werden';

/** The accessible name of a spinner while a page, a list or a panel loads. */
export const LOADING_LABEL = 'Wird geladen …';

/** The server's answer to a page while the web app has not been built (a fresh checkout). */
export const WEB_APP_NOT_BUILT = 'Die Web-Oberfläche ist noch nicht gebaut. Bitte `npm run build` ausführen.';

/** Said after the name of every link that opens in a new tab (WCAG 3.2.5): screen readers read it. */
export const NEW_TAB_NOTE = '(öffnet in neuem Tab)';

/** The portal's name: the customer pages' bar, every browser tab, the mails' signature. */
export const PORTAL_NAME = 'Lizenzportal';

/** What the browser tab shows for a page: its title and the portal's name. */
export const documentTitle = (page: string) => `${page} – ${PORTAL_NAME}`;

/**
 * The page a browser shows when it follows a signed link (a document, a download, the documents'
 * ZIP archive from a mail) that cannot be served: the heading above the refusal's own message.
 */
export const linkErrorPage = {
  heading: 'Dieser Link funktioniert nicht',
  toPortal: 'Zum Lizenzportal',
};

/** „Weiter”: the button that moves on to a form's next step (login, terms, assistant). */
export const NEXT_LABEL = 'Weiter';

/** The close buttons of every dialog and every toast (the theme names them in German). */
export const CLOSE_DIALOG_LABEL = 'Dialog schließen';
export const CLOSE_NOTIFICATION_LABEL = 'Hinweis schließen';

/**
 * Beside a submit button that waits for its form (issue 24): what is still missing and what is
 * still wrong, by the fields' labels („Noch fehlt: Name, E-Mail. Noch zu korrigieren: PLZ”). The
 * button stays focusable and is described by this text.
 */
export const formPendingNote = (missing: readonly string[], invalid: readonly string[]) =>
  [
    missing.length > 0 ? `Noch fehlt: ${missing.join(', ')}` : null,
    invalid.length > 0 ? `Noch zu korrigieren: ${invalid.join(', ')}` : null,
  ]
    .filter((part) => part !== null)
    .join('. ');
