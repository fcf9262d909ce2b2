/** Title of the error box when a license recovery request fails (customer-portal.md §9). */
export const RECOVERY_FAILED_TITLE = 'Fehler beim Erstellen der Wiederherstellungs-Anfrage';

/** `/lizenz-wiederherstellen`: the license documents of an e-mail address, sent again. */
export const recoveryMessages = {
  intro:
    'Geben Sie die E-Mail-Adresse des Lizenznehmers ein. Wir senden Ihnen die Lizenzdokumente aller gebundenen Lizenzen zu dieser Adresse erneut zu.',
  submit: 'Lizenzdokument zusenden',
  receivedTitle: 'Anfrage erhalten',
  received:
    'Gibt es gebundene Lizenzen zu dieser E-Mail-Adresse, erhalten Sie die Lizenzdokumente innerhalb weniger Minuten per E-Mail. Aus Datenschutzgründen können wir Ihnen hier nicht sagen, ob Lizenzen gefunden wurden.',
  anotherRequest: 'Weitere Anfrage stellen',
} as const;
