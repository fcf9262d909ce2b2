/**
 * `/hilfe`: the questions customers ask most when signing in, with their answers. Content kept
 * whole here like the other legal pages; where an answer holds a link or the support address, it is
 * given as the words before and after it.
 */
export const helpQuestions = {
  whereAreKeyAndCode: {
    question: 'Wo finde ich Lizenzschlüssel und Startcode?',
    answer:
      'Beides steht in Ihrem Startdokument, das Sie nach dem Kauf erhalten haben: der Lizenzschlüssel aus zwölf Zeichen (XXXX-XXXX-XXXX) und der sechsstellige Startcode (123 456).',
  },
  startCodeRejected: {
    question: 'Mein Startcode wird nicht mehr angenommen. Warum?',
    answer:
      'Sobald eine Lizenz an den Lizenznehmer gebunden ist, ersetzt der Name des Lizenznehmers den Startcode. Geben Sie den Namen bitte genau so ein, wie er in Ihrem Lizenzdokument steht – auf Groß- und Kleinschreibung, Leerzeichen und Sonderzeichen kommt es an.',
  },
  documentAgain: {
    question: 'Wie bekomme ich mein Lizenzdokument noch einmal?',
    /** Around the link to the recovery page. */
    beforeLink: 'Lassen Sie es sich',
    link: 'erneut zusenden',
    afterLink:
      ': Dort geben Sie die E-Mail-Adresse des Lizenznehmers ein. Gibt es dazu gebundene Lizenzen, senden wir die Lizenzdokumente innerhalb weniger Minuten an diese Adresse.',
  },
  whoElse: {
    question: 'An wen kann ich mich sonst wenden?',
    /** Around the support address. */
    beforeAddress: 'Schreiben Sie uns an',
    afterAddress: '– bitte mit Ihrem Lizenzschlüssel.',
  },
} as const;
