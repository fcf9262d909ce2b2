import {
  contactChangeMessages,
  customerReferenceFact,
  DELIVERY_LINK_DAYS,
  deliveryMailTexts,
  LICENSE_CLASS_LABELS,
  directLoginUrl,
  formatDate,
  formatDateTimeToMinute,
  formatOfferCode,
  formatLicenseKey,
  formatSeats,
  formatStartCode,
  productTitle,
  resellerLineHeading,
  type DeliveryOccasion,
  type DocumentType,
} from '@lizenzportal/domain';
import type { MailLicense, MailOffer } from '../documents/index.ts';
import { html, type SafeHtml } from '../../lib/html.ts';

/** What a contact change's mails say: the holder, the new contact and, to the new address, the link. */
export interface ContactMailFacts {
  holderName: string;
  contact: string | null;
  email: string;
  /** The confirmation page's address with the link's token, and until when it is valid. */
  confirmation?: { url: string; expiresAt: Date };
}

export interface MailContext {
  occasion: DeliveryOccasion;
  /** The offer an `offer` delivery sends. */
  offer: MailOffer | null;
  /** The change a contact change's mail is about. */
  contactChange?: ContactMailFacts | null;
  /** Null for a mail without a document. */
  documentType: DocumentType | null;
  /** What the document kind calls the attached documents; without it the mail names none. */
  documentWord?: string;
  /**
   * The signed link to a ZIP of the documents, sent instead of attachments that would be too large
   * for mail servers (decision 070): the mail says so and gives the link before its license list.
   */
  documentsLink?: { url: string; expiresAt: Date } | null;
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
  /** Lines of facts after the intro („Ansprechpartner: …”). */
  facts?: string[];
  /** A link to follow, after the facts. */
  action?: { label: string; url: string };
  /** Paragraphs after it. */
  outro: string[];
}

const T = deliveryMailTexts;
const C = contactChangeMessages;

/** The new contact as a contact change's mails list it. */
function contactLines(change: ContactMailFacts): string[] {
  return [`${C.contactLabel}: ${change.contact ?? C.none}`, `${C.emailLabel}: ${change.email}`];
}

function partsOf(context: MailContext): Parts {
  const link = context.documentsLink;
  const attached = link
    ? [T.documentsLink.instead(context.documentWord ?? T.documentsWord)]
    : context.documentWord
      ? [T.attached(context.documentWord)]
      : [];
  const product = () => productTitle(context.licenses[0]!.version);
  switch (context.occasion) {
    case 'order': {
      const lines = resellerLines(context.licenses);
      return {
        subject: T.order.subject(context.licenses.length > 1, product()),
        intro: [T.order.thanks, ...(lines.length > 0 ? [T.order.resellerLines(lines)] : []), ...attached],
        outro: [T.bindingSteps],
      };
    }
    case 'bind':
      return {
        subject: T.bind.subject(product()),
        intro: [
          T.bind.bound(context.licenses[0]!.holderName ?? ''),
          ...(link ? attached : [T.bind.attached]),
        ],
        outro: [T.holderNameLogin, T.bind.download],
      };
    case 'update': {
      // Still unbound (no holder was given): its start code signs in, binding comes next.
      const starter = context.documentType === 'starter';
      return {
        subject: T.update.subject(product(), starter),
        intro: [T.update.processed, ...attached],
        outro: starter ? [T.bindingSteps] : [T.holderNameLogin],
      };
    }
    case 'recovery':
      return {
        subject: T.recovery.subject,
        intro: [T.recovery.requested, [...attached, T.recovery.allBound].join(' ')],
        outro: [T.recovery.notRequested],
      };
    case 'offer': {
      const offer = context.offer!;
      return {
        subject: T.offer.subject(offer.offerNumber),
        intro: [T.offer.thanks, ...attached],
        outro: [
          T.offer.howToOrder(formatDate(offer.validUntil), offer.shopUrl, formatOfferCode(offer.offerCode)),
        ],
      };
    }
    case 'manual': {
      const starter = context.documentType === 'starter';
      return {
        subject: T.manual.subject(starter),
        intro: [T.manual.asAgreed, ...attached],
        outro: starter ? [T.bindingSteps] : [T.holderNameLogin],
      };
    }
    case 'contact-confirmation': {
      const change = context.contactChange!;
      const { url, expiresAt } = change.confirmation!;
      return {
        subject: C.confirmationMail.subject,
        intro: [C.confirmationMail.requested(change.holderName)],
        facts: contactLines(change),
        action: { label: C.confirmationMail.action, url },
        outro: [
          C.confirmationMail.validUntil(formatDateTimeToMinute(expiresAt)),
          C.confirmationMail.notRequested,
        ],
      };
    }
    case 'contact-changed': {
      const change = context.contactChange!;
      return {
        subject: C.changedMail.subject,
        intro: [C.changedMail.changed(change.holderName)],
        facts: contactLines(change),
        outro: [C.changedMail.notYou(context.supportEmail)],
      };
    }
  }
}

function loginUrl(context: MailContext, license: MailLicense): string {
  const code = context.documentType === 'starter' ? license.startCode : license.authenticationCode;
  return directLoginUrl(context.portalUrl, license.key, code);
}

/** „Lizenzschlüssel: ABCD-… — Kundenreferenz: Schule am Park”: a reseller knows whose key it is. */
function keyLine(license: MailLicense): string {
  const key = `${T.licenseKey}: ${formatLicenseKey(license.key)}`;
  return license.customerReference ? `${key} — ${customerReferenceFact(license.customerReference)}` : key;
}

/**
 * A reseller order's lines as the licenses show them, in the order they come: „„Schule am Park”:
 * 2 Lizenzen × 5 Arbeitsplätze”. Empty when no license has a customer reference.
 */
function resellerLines(licenses: readonly MailLicense[]): string[] {
  const lines = new Map<string, { reference: string; count: number; size: number }>();
  for (const { customerReference: reference, class: licenseClass, size } of licenses) {
    if (reference === null) continue;
    const key = JSON.stringify([reference, licenseClass, size]);
    const line = lines.get(key) ?? { reference, count: 0, size };
    line.count += 1;
    lines.set(key, line);
  }
  return [...lines.values()].map((line) => resellerLineHeading(line.reference, line.count, line.size));
}

function licenseLines(context: MailContext, license: MailLicense): string[] {
  const lines = [
    `${productTitle(license.version)}, ${LICENSE_CLASS_LABELS[license.class]}, ${formatSeats(license.size)}`,
    keyLine(license),
  ];
  if (context.documentType === 'starter') lines.push(`${T.startCode}: ${formatStartCode(license.startCode)}`);
  else if (license.holderName) lines.push(`${T.holder}: ${license.holderName}`);
  return lines;
}

/** Subject, HTML and plain text of a delivery mail, in German, for its occasion. */
export function renderDeliveryMail(context: MailContext): RenderedMail {
  const parts = partsOf(context);
  // An offer's recipient name is whatever the (anonymous) requester typed: an offer mail never
  // greets with it. The other mails' names come from a bound license or an admin.
  const greeting = T.greeting(context.occasion === 'offer' ? null : context.recipientName);
  const note = context.note ? [T.note(context.note)] : [];
  const signature = [T.questions(context.supportEmail), T.regards, context.vendorName];

  const download = context.documentsLink && {
    url: context.documentsLink.url,
    label: T.documentsLink.action,
    validUntil: T.documentsLink.validUntil(
      formatDateTimeToMinute(context.documentsLink.expiresAt),
      DELIVERY_LINK_DAYS,
    ),
  };
  const paragraphs = (texts: string[]): SafeHtml[] => texts.map((text) => html`<p>${text}</p>`);
  const licenseItems = context.licenses.map(
    (license) =>
      html`<li>
        ${licenseLines(context, license).map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`)}<br /><a
          href="${loginUrl(context, license)}"
          >${T.signInDirectly}</a
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
          download
            ? html`<p><a href="${download.url}">${download.label}</a><br />${download.validUntil}</p>`
            : ''
        }
        ${
          licenseItems.length > 0
            ? html`<ul>
                ${licenseItems}
              </ul>`
            : ''
        }
        ${
          parts.facts
            ? html`<p>${parts.facts.map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`)}</p>`
            : ''
        }
        ${parts.action ? html`<p><a href="${parts.action.url}">${parts.action.label}</a></p>` : ''}
        ${paragraphs([...note, ...parts.outro])}
        <p>${T.portal}: <a href="${context.portalUrl}">${context.portalUrl}</a></p>
        <p>${signature.map((line, index) => html`${index > 0 ? html`<br />` : ''}${line}`)}</p>
      </body>
    </html>`;

  const text = [
    greeting,
    '',
    ...parts.intro.flatMap((paragraph) => [paragraph, '']),
    ...(download ? [`${download.label}: ${download.url}`, download.validUntil, ''] : []),
    ...context.licenses.flatMap((license) => [
      ...licenseLines(context, license).map((line) => `  ${line}`),
      `  ${T.signInDirectly}: ${loginUrl(context, license)}`,
      '',
    ]),
    ...(parts.facts ? [...parts.facts.map((line) => `  ${line}`), ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...[...note, ...parts.outro].flatMap((paragraph) => [paragraph, '']),
    `${T.portal}: ${context.portalUrl}`,
    '',
    ...signature,
  ].join('\n');

  return { subject: parts.subject, html: body.value, text };
}
