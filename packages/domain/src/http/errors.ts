import { assistantMessages } from '../messages/assistant.ts';
import { GENERIC_SERVER_ERROR } from '../messages/common.ts';
import { contactChangeMessages } from '../messages/contact-change.ts';
import { validationMessages } from '../messages/validation.ts';
import { CONTACT_CHANGE_LINK_HOURS } from '../license/contact-change-link.ts';

/**
 * Every machine-readable error code of the API with its HTTP status and default German message.
 * The server raises errors by code; the web app reads the code and status from the error envelope.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: validationMessages.request },
  MALFORMED_REQUEST: { status: 400, message: 'Die Anfrage ist fehlerhaft aufgebaut.' },
  MALFORMED_URL: { status: 400, message: 'Die Adresse der Anfrage ist ungültig.' },
  MALFORMED_JSON: { status: 400, message: 'Die Anfrage enthält kein gültiges JSON.' },
  INVALID_SEARCH_PATTERN: { status: 400, message: 'Das Suchmuster ist ungültig.' },
  SEARCH_TOO_COMPLEX: {
    status: 400,
    message: 'Das Suchmuster ist zu aufwendig. Bitte vereinfachen Sie es.',
  },
  AUTHENTICATION_REQUIRED: { status: 401, message: 'Bitte melden Sie sich an.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Die Anmeldedaten sind ungültig.' },
  WEBHOOK_SIGNATURE_INVALID: {
    status: 401,
    message: 'Die Signatur der Shop-Nachricht fehlt oder ist ungültig.',
  },
  FORBIDDEN: { status: 403, message: 'Dafür fehlt Ihnen die Berechtigung.' },
  LICENSE_DISABLED: {
    status: 403,
    message:
      'Diese Lizenz wurde deaktiviert, vermutlich wegen eines Updates auf eine neuere Version. Dafür wurden Ihnen neue Zugangsdaten ausgestellt.',
  },
  OFFER_NOT_FOUND: { status: 403, message: assistantMessages.offerNotFound },
  NOT_FOUND: { status: 404, message: 'Nicht gefunden.' },
  LICENSE_NOT_FOUND: {
    status: 404,
    message:
      'Zu diesem Lizenzschlüssel wurde keine Lizenz gefunden. Bitte überprüfen Sie den Lizenzschlüssel.',
  },
  /** A contact change's confirmation link that names no change, or whose signature is wrong. */
  CONTACT_LINK_INVALID: { status: 404, message: contactChangeMessages.linkInvalid },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Diese Adresse unterstützt diese Anfragemethode nicht.' },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'Die Anfrage kam nicht rechtzeitig vollständig an. Bitte versuchen Sie es erneut.',
  },
  CONFLICT: { status: 409, message: 'Die Änderung steht im Widerspruch zum aktuellen Stand.' },
  LICENSE_CHANGED: {
    status: 409,
    message:
      'Die Lizenz wurde inzwischen geändert (von einer anderen Person, einer Bestellung oder einer Bindung). Ihre Änderungen wurden nicht gespeichert, um diese nicht zu überschreiben.',
  },
  LICENSE_NOT_UNBOUND: { status: 409, message: 'Die Lizenz ist nicht ungebunden.' },
  LICENSE_NOT_BOUND: { status: 409, message: contactChangeMessages.notBound },
  CONTACT_LINK_USED: { status: 409, message: contactChangeMessages.linkUsed },
  /** A session (an offer) a paid order bought already: it cannot reach a cart again. */
  SESSION_ORDERED: { status: 409, message: assistantMessages.offerNotAvailableText },
  ORDER_GENERATION_NOT_COMPLETED: {
    status: 409,
    message: 'Nur eine abgeschlossene Shop-Generierung kann rückabgewickelt werden.',
  },
  ORDER_GENERATION_NOT_FAILED: {
    status: 409,
    message: 'Nur eine fehlgeschlagene Shop-Generierung kann erneut versucht werden.',
  },
  LICENSE_DEACTIVATED: {
    status: 410,
    message: 'Diese Lizenz wurde deaktiviert. Bitte wenden Sie sich an den Support.',
  },
  OFFER_EXPIRED: { status: 410, message: assistantMessages.offerExpired },
  CONTACT_LINK_EXPIRED: {
    status: 410,
    message: contactChangeMessages.linkExpired(CONTACT_CHANGE_LINK_HOURS),
  },
  CONTACT_LINK_REPLACED: { status: 410, message: contactChangeMessages.linkReplaced },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Die Anfrage ist zu groß.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Dieses Datenformat wird nicht unterstützt.' },
  URL_TOO_LONG: { status: 414, message: 'Die Adresse der Anfrage ist zu lang.' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'Der angefragte Bereich liegt außerhalb der Datei.' },
  LICENSE_ALREADY_BOUND: {
    status: 423,
    message:
      'Diese Lizenz ist bereits gebunden. Bitte melden Sie sich mit dem Namen des Lizenznehmers statt mit dem Startcode an.',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    message: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.',
  },
  OFFER_LIMIT_REACHED: {
    status: 429,
    message:
      'Es wurden in kurzer Zeit zu viele Angebote angefordert. Bitte versuchen Sie es später erneut oder wenden Sie sich an uns.',
  },
  CONTACT_MAIL_LIMIT_REACHED: {
    status: 429,
    message:
      'An diese E-Mail-Adresse oder von Ihrem Internetanschluss aus wurden in kurzer Zeit zu viele E-Mails gesendet. Bitte versuchen Sie es später erneut oder wenden Sie sich an uns.',
  },
  HEADERS_TOO_LARGE: { status: 431, message: 'Die Kopfzeilen der Anfrage sind zu groß.' },
  INTERNAL_ERROR: {
    status: 500,
    message: GENERIC_SERVER_ERROR,
  },
  SERVER_BUSY: {
    status: 503,
    message: 'Der Server ist gerade ausgelastet. Bitte versuchen Sie es in wenigen Sekunden erneut.',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es in Kürze erneut.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * The text of a `NOT_FOUND` answer, by the kind of record that was asked for and does not exist;
 * the server raises it with `notFound('license')`. A new kind of record adds its line here.
 */
export const NOT_FOUND_MESSAGES = {
  license: 'Die Lizenz wurde nicht gefunden.',
  document: 'Das Dokument wurde nicht gefunden.',
  delivery: 'Die Versand-Aktion wurde nicht gefunden.',
  orderGeneration: 'Die Shop-Generierung wurde nicht gefunden.',
  upgradeSession: 'Die Upgrade-Session wurde nicht gefunden.',
  address: 'Diese Adresse gibt es nicht.',
  release: 'Für diesen Download ist noch keine Version veröffentlicht.',
  file: 'Die Datei wurde nicht gefunden.',
  licenseImportUpload: 'Die hochgeladene Importdatei wurde nicht gefunden.',
  licenseImportRun: 'Der Importlauf wurde nicht gefunden.',
} as const satisfies Record<string, string>;

export type MissingRecord = keyof typeof NOT_FOUND_MESSAGES;

export interface ErrorEnvelope {
  /**
   * `requestId` names the request in the server's log: the „Fehlercode” a customer quotes;
   * `field` the request's field a 400 is about (`holder.email`).
   */
  error: { status: number; code: ErrorCode | string; message: string; field?: string; requestId?: string };
}

export interface DataEnvelope<T> {
  data: T;
}
