import { PORTAL_NAME } from './common.ts';
import { COUNTED_NOUNS } from './plurals.ts';

const STARTER = COUNTED_NOUNS.starterDocument;
const LICENSE_DOCUMENT = COUNTED_NOUNS.licenseDocument;

const HANDOVER_INTERRUPTED = 'Die Übergabe an den Mailserver wurde unterbrochen';

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
  handoverInDoubt: `${HANDOVER_INTERRUPTED}, bevor er antwortete: Ob die E-Mail angekommen ist, ist unklar. Sie wurde nicht noch einmal gesendet, damit sie nicht doppelt ankommt; bitte beim Empfänger nachfragen oder erneut senden.`,
  /** How the error of every delivery in doubt begins: the overview finds them by it. */
  handoverInterrupted: HANDOVER_INTERRUPTED,
  /** What precedes the last error an attempt reported, after one of the reasons above. */
  lastErrorBefore: 'Letzter Fehler davor:',
} as const;

/** The delivery mails (subject, paragraphs, license lines), by what they are sent for. */
export const deliveryMailTexts = {
  offerWord: 'das Angebot',
  starterWord: (plural: boolean) => (plural ? `die ${STARTER.other}` : `das ${STARTER.one}`),
  licenseWord: (plural: boolean) =>
    plural ? `die ${LICENSE_DOCUMENT.other}` : `das ${LICENSE_DOCUMENT.one}`,
  attached: (documents: string) => `Im Anhang finden Sie ${documents} (PDF).`,
  /**
   * A mail whose attachments would pass the size mail servers take (DELIVERY_ATTACHMENT_LIMIT_MB):
   * one signed link to a ZIP of its documents instead (decision 070).
   */
  /** What a mail calls its documents where the kind names none. */
  documentsWord: 'die Dokumente',
  documentsLink: {
    instead: (documents: string) =>
      `Als Anhänge wären ${documents} (PDF) zu groß für eine E-Mail. Bitte laden Sie die Dokumente über den folgenden Link als ZIP-Archiv herunter.`,
    action: 'Dokumente als ZIP-Archiv herunterladen',
    validUntil: (until: string, days: number) =>
      `Der Link ist ${days} Tage gültig, bis ${until} Uhr. Danach senden wir Ihnen die Dokumente auf Anfrage gern erneut.`,
  },
  bindingSteps:
    'So geht es weiter: Melden Sie sich im Lizenzportal mit Lizenzschlüssel und Startcode an und binden Sie die Lizenz an den Lizenznehmer. Danach erhalten Sie das Lizenzdokument und können die Software herunterladen.',
  holderNameLogin:
    'Wichtig: Für die Anmeldung im Lizenzportal verwenden Sie ab jetzt den Namen des Lizenznehmers in genau dieser Schreibweise statt des Startcodes.',
  order: {
    subject: (plural: boolean, product: string) =>
      `Ihre Bestellung: ${plural ? STARTER.other : STARTER.one} für ${product}`,
    thanks: 'vielen Dank für Ihre Bestellung!',
    /** A reseller order's lines, each „„Schule am Park”: 2 Lizenzen × 5 Arbeitsplätze”. */
    resellerLines: (lines: readonly string[]) => `Sie haben bestellt: ${lines.join('; ')}.`,
  },
  bind: {
    subject: (product: string) => `Ihre Lizenz ist gebunden: Lizenzdokument für ${product}`,
    bound: (holderName: string) => `Ihre Lizenz ist jetzt an „${holderName}” gebunden.`,
    attached: 'Im Anhang finden Sie das aktualisierte Lizenzdokument (PDF).',
    download: 'Im Lizenzportal können Sie die Software jetzt herunterladen.',
  },
  update: {
    subject: (product: string, starter = false) =>
      `Ihre aktualisierte Lizenz: ${starter ? 'Startdokument' : 'Lizenzdokument'} für ${product}`,
    processed: 'Ihre Bestellung ist verarbeitet und Ihre Lizenz wurde aktualisiert.',
  },
  recovery: {
    subject: 'Ihre Lizenzdokumente',
    requested: 'Sie haben angefordert, dass wir Ihnen Ihre Lizenzdokumente erneut zusenden.',
    allBound: 'Es sind alle Lizenzen, die an diese E-Mail-Adresse gebunden sind.',
    notRequested: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail einfach ignorieren.',
  },
  offer: {
    subject: (offerNumber: string) => `Ihr Angebot ${offerNumber}`,
    thanks: 'vielen Dank für Ihre Anfrage!',
    howToOrder: (validUntil: string, shopUrl: string, offerCode: string) =>
      `Das Angebot ist bis zum ${validUntil} gültig. Um es zu bestellen, öffnen Sie den Lizenz-Assistenten in unserem Shop (${shopUrl}) und geben Sie den Angebotscode ${offerCode} ein. Bitte achten Sie dabei auf die Groß- und Kleinschreibung.`,
  },
  manual: {
    subject: (starter: boolean) => (starter ? 'Ihr Startdokument' : 'Ihr Lizenzdokument'),
    asAgreed: 'wie besprochen erhalten Sie Ihre Unterlagen zur Lizenz.',
  },
  licenseKey: 'Lizenzschlüssel',
  startCode: 'Startcode',
  holder: 'Lizenznehmer',
  signInDirectly: 'Direkt anmelden',
  greeting: (name: string | null) => (name ? `Guten Tag ${name},` : 'Guten Tag,'),
  note: (note: string) => `Hinweis: ${note}`,
  questions: (supportEmail: string) => `Bei Fragen erreichen Sie uns unter ${supportEmail}.`,
  regards: 'Freundliche Grüße',
  portal: PORTAL_NAME,
} as const;

/** How many days a delivery's link to the ZIP of its documents is valid (decision 070). */
export const DELIVERY_LINK_DAYS = 14;

/** The ZIP link's answers (403) past its time and when forged or altered; the back office's words for it. */
export const deliveryLinkMessages = {
  expired: `Der Link zu den Dokumenten ist abgelaufen (er ist ${DELIVERY_LINK_DAYS} Tage gültig). Bitte wenden Sie sich an uns, dann senden wir Ihnen die Dokumente erneut.`,
  invalid:
    'Der Link zu den Dokumenten ist ungültig. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.',
  /** The archive's name („Dokumente_2026-11-29.zip” once dated). */
  fileName: 'Dokumente',
  /** The delivery's detail in the back office. */
  label: 'Dokumente als ZIP-Archiv',
  sentAsLink: 'Die Dokumente wurden als Link zu einem ZIP-Archiv gesendet, nicht als Anhänge.',
  validUntil: (until: string) => `Gültig bis ${until} Uhr`,
  expiredAt: (until: string) => `Abgelaufen am ${until} Uhr; „Erneut senden” schickt einen neuen Link.`,
} as const;

/** Why an admin's manual delivery (`POST /license/{id}/delivery`) is refused. */
export const manualDeliveryMessages = {
  noRecipient: 'Die Lizenz hat keine E-Mail-Adresse: Bitte geben Sie einen Empfänger an.',
  licenseDocumentNeedsBinding: 'Ein Lizenzdokument gibt es erst, wenn die Lizenz gebunden ist.',
  noStarterDocumentWhenBound: 'Für eine gebundene Lizenz ohne Startdokument kann keines mehr erzeugt werden.',
  /** A contact change's mail holds what the holder asked for then: it is not sent again. */
  notResent: 'Die E-Mails einer Kontaktänderung werden nicht erneut gesendet.',
} as const;
