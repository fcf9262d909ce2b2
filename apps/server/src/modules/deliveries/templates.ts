import {
  LICENSE_CLASS_LABELS,
  directLoginUrl,
  formatDate,
  formatOfferCode,
  formatLicenseKey,
  formatSeats,
  formatStartCode,
  productTitle,
  type DeliveryOccasion,
  type DocumentType,
  type LicenseClass,
} from '@lizenzportal/domain';
import { html, type SafeHtml } from './html.ts';

export interface MailLicense {
  key: string;
  startCode: string;
  authenticationCode: string;
  version: string;
  class: LicenseClass;
  size: number;
  holderName: string | null;
}

/** What an offer's mail says of it. */
export interface MailOffer {
  offerNumber: string;
  offerCode: string;
  /** ISO timestamp. */
  validUntil: string;
  /** Where the assistant is reached: the shop page. */
  shopUrl: string;
}

export interface MailContext {
  occasion: DeliveryOccasion;
  /** The offer an `offer` delivery sends. */
  offer: MailOffer | null;
  documentType: DocumentType;
  recipientName: string | null;
  licenses: MailLicense[];
  note: string | null;
  portalUrl: string;
  supportEmail: string;
  vendorName: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

interface Parts {
  subject: string;
  /** Paragraphs before the license list. */
  intro: string[];
  /** Paragraphs after it. */
  outro: string[];
}

const documentWord = (context: MailContext) => {
  const plural = context.licenses.length > 1;
  if (context.documentType === 'offer') return 'das Angebot';
  if (context.documentType === 'starter') return plural ? 'die Startdokumente' : 'das Startdokument';
  return plural ? 'die Lizenzdokumente' : 'das Lizenzdokument';
};

const BINDING_STEPS =
  'So geht es weiter: Melden Sie sich im Lizenzportal mit Lizenzschlüssel und Startcode an und binden Sie die Lizenz an den Lizenznehmer. Danach erhalten Sie das Lizenzdokument und können die Software herunterladen.';
const HOLDER_NAME_LOGIN =
  'Wichtig: Für die Anmeldung im Lizenzportal verwenden Sie ab jetzt den Namen des Lizenznehmers in genau dieser Schreibweise statt des Startcodes.';

function partsOf(context: MailContext): Parts {
  const documents = documentWord(context);
  const attached = `Im Anhang finden Sie ${documents} (PDF).`;
  switch (context.occasion) {
    case 'order':
      return {
        subject: `Ihre Bestellung: ${context.licenses.length > 1 ? 'Startdokumente' : 'Startdokument'} für ${productTitle(context.licenses[0]!.version)}`,
        intro: ['vielen Dank für Ihre Bestellung!', attached],
        outro: [BINDING_STEPS],
      };
    case 'bind':
      return {
        subject: `Ihre Lizenz ist gebunden: Lizenzdokument für ${productTitle(context.licenses[0]!.version)}`,
        intro: [
          `Ihre Lizenz ist jetzt an „${context.licenses[0]!.holderName ?? ''}” gebunden.`,
          `Im Anhang finden Sie das aktualisierte Lizenzdokument (PDF).`,
        ],
        outro: [HOLDER_NAME_LOGIN, 'Im Lizenzportal können Sie die Software jetzt herunterladen.'],
      };
    case 'update':
      return {
        subject: `Ihre aktualisierte Lizenz: Lizenzdokument für ${productTitle(context.licenses[0]!.version)}`,
        intro: ['Ihre Bestellung ist verarbeitet und Ihre Lizenz wurde aktualisiert.', attached],
        outro: [HOLDER_NAME_LOGIN],
      };
    case 'recovery':
      return {
        subject: 'Ihre Lizenzdokumente',
        intro: [
          'Sie haben angefordert, dass wir Ihnen Ihre Lizenzdokumente erneut zusenden.',
          `${attached} Es sind alle Lizenzen, die an diese E-Mail-Adresse gebunden sind.`,
        ],
        outro: ['Wenn Sie das nicht angefordert haben, können Sie diese E-Mail einfach ignorieren.'],
      };
    case 'offer': {
      const offer = context.offer!;
      return {
        subject: `Ihr Angebot ${offer.offerNumber}`,
        intro: ['vielen Dank für Ihre Anfrage!', attached],
        outro: [
          `Das Angebot ist bis zum ${formatDate(offer.validUntil)} gültig. Um es zu bestellen, öffnen Sie den Lizenz-Assistenten in unserem Shop (${offer.shopUrl}) und geben Sie den Angebotscode ${formatOfferCode(offer.offerCode)} ein. Bitte achten Sie dabei auf die Groß- und Kleinschreibung.`,
        ],
      };
    }
    case 'manual':
      return {
        subject: context.documentType === 'starter' ? 'Ihr Startdokument' : 'Ihr Lizenzdokument',
        intro: ['wie besprochen erhalten Sie Ihre Unterlagen zur Lizenz.', attached],
        outro: context.documentType === 'starter' ? [BINDING_STEPS] : [HOLDER_NAME_LOGIN],
      };
  }
}

function loginUrl(context: MailContext, license: MailLicense): string {
  const code = context.documentType === 'starter' ? license.startCode : license.authenticationCode;
  return directLoginUrl(context.portalUrl, license.key, code);
}

function licenseLines(context: MailContext, license: MailLicense): string[] {
  const lines = [
    `${productTitle(license.version)}, ${LICENSE_CLASS_LABELS[license.class]}, ${formatSeats(license.size)}`,
    `Lizenzschlüssel: ${formatLicenseKey(license.key)}`,
  ];
  if (context.documentType === 'starter') lines.push(`Startcode: ${formatStartCode(license.startCode)}`);
  else if (license.holderName) lines.push(`Lizenznehmer: ${license.holderName}`);
  return lines;
}

/** Subject, HTML and plain text of a delivery mail, in German, for its occasion. */
export function renderDeliveryMail(context: MailContext): RenderedMail {
  const parts = partsOf(context);
  const greeting = context.recipientName ? `Guten Tag ${context.recipientName},` : 'Guten Tag,';
  const note = context.note ? [`Hinweis: ${context.note}`] : [];
  const signature = [
    `Bei Fragen erreichen Sie uns unter ${context.supportEmail}.`,
    'Freundliche Grüße',
    context.vendorName,
  ];

  const paragraphs = (texts: string[]): SafeHtml[] => texts.map((text) => html`<p>${text}</p>`);
  const licenseItems = context.licenses.map(
    (license) =>
      html`<li>
        ${licenseLines(context, license).map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`)}<br /><a
          href="${loginUrl(context, license)}"
          >Direkt anmelden</a
        >
      </li>`,
  );
  const body = html`<!doctype html>
    <html lang="de">
      <head>
        <meta charset="utf-8" />
        <title>${parts.subject}</title>
      </head>
      <body
        style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1b1e;"
      >
        <p>${greeting}</p>
        ${paragraphs(parts.intro)}
        ${
          licenseItems.length > 0
            ? html`<ul>
                ${licenseItems}
              </ul>`
            : ''
        }
        ${paragraphs([...note, ...parts.outro])}
        <p>Lizenzportal: <a href="${context.portalUrl}">${context.portalUrl}</a></p>
        <p>${signature.map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`)}</p>
      </body>
    </html>`;

  const text = [
    greeting,
    '',
    ...parts.intro.flatMap((paragraph) => [paragraph, '']),
    ...context.licenses.flatMap((license) => [
      ...licenseLines(context, license).map((line) => `  ${line}`),
      `  Direkt anmelden: ${loginUrl(context, license)}`,
      '',
    ]),
    ...[...note, ...parts.outro].flatMap((paragraph) => [paragraph, '']),
    `Lizenzportal: ${context.portalUrl}`,
    '',
    ...signature,
  ].join('\n');

  return { subject: parts.subject, html: body.value, text };
}
