/**
 * Why an e-mail delivery failed, as the back office shows it in the delivery's error (the mail
 * server's own error text follows where there is one).
 */
export const deliveryFailureMessages = {
  /** After the last retry, when no attempt left an error of its own. */
  aborted: 'Der Versand wurde abgebrochen.',
  /** The last attempt ended without an answer: its process was killed, or it hung. */
  lastAttemptDied:
    'Der letzte Versuch wurde unterbrochen (der Prozess wurde beendet oder antwortete nicht mehr).',
  /**
   * An attempt handed the message to the mail server and ended before the server answered: the
   * mail may have arrived or not, so it is not sent again on its own.
   */
  handoverInDoubt:
    'Die Übergabe an den Mailserver wurde unterbrochen, bevor er antwortete: Ob die E-Mail angekommen ist, ist unklar. Sie wurde nicht noch einmal gesendet, damit sie nicht doppelt ankommt; bitte beim Empfänger nachfragen oder erneut senden.',
  /** What precedes the last error an attempt reported, after one of the reasons above. */
  lastErrorBefore: 'Letzter Fehler davor:',
} as const;
