import { DOCUMENT_TYPE_LABELS } from '../delivery/delivery.ts';
import { HOLDER_FORM_LABELS } from '../messages/holder-labels.ts';
import { OFFER_VALIDITY_DAYS } from '../upgrade-session/enums.ts';
import { assistantScreens } from './assistant-screens.ts';
import { upgradeSessionPageMessages } from './back-office.ts';
import { PORTAL_NAME } from '../messages/common.ts';
import { deliveryMailTexts } from '../messages/deliveries.ts';
import { fieldLabel } from '../messages/validation.ts';

/** Where a document's reader finds help and more: the vendor's support address and shop. */
interface VendorContact {
  supportEmail: string;
  shopUrl: string;
}

const PORTAL_SHOWS_LICENSE = 'Im Lizenzportal sehen Sie jederzeit die Daten Ihrer Lizenz.';

/**
 * The texts of the generated PDF documents: the frame every document shares, then the starter
 * document, the license document and the offer in reading order. A label the portal already shows
 * with the same meaning (the key, the holder's contact, the assistant's offer summary) is taken
 * from there, so a document and the page it comes from name a thing alike.
 */
export const documentTexts = {
  shared: {
    /** The application named in a PDF's properties (its creator and producer). */
    application: PORTAL_NAME,
    /** The PDF's subject: „Startdokument zur Lizenz ABCD-…”. */
    subject: (documentName: string, licenseKey: string) => `${documentName} zur Lizenz ${licenseKey}`,
    /** The second line of every page's foot, below the vendor and its address. */
    footerContacts: (contact: VendorContact & { portalUrl: string }) =>
      `Support: ${contact.supportEmail} · Shop: ${contact.shopUrl} · ${PORTAL_NAME}: ${contact.portalUrl}`,
    pageOf: (page: number, pages: number) => `Seite ${page} von ${pages}`,
    /** The closing line of every document. */
    contactLine: (contact: VendorContact) =>
      `Fragen? Schreiben Sie uns an ${contact.supportEmail}. Weitere Produkte und Updates finden ` +
      `Sie in unserem Shop: ${contact.shopUrl}`,
    /** The caption of the direct-login QR code; `credential` names the second sign-in value. */
    directLoginCaption: (credential: string) =>
      `Scannen Sie den QR-Code oder öffnen Sie diesen Link: Sie werden mit Lizenzschlüssel und ${credential} ` +
      'direkt im Lizenzportal angemeldet.',
    /** The QR code's alternative text in the tagged PDF: a screen reader says it instead of the image. */
    qrCodeAlt: 'QR-Code mit dem daneben stehenden Link zur direkten Anmeldung im Lizenzportal',
    licenseHeading: 'Ihre Lizenz',
    product: 'Produkt',
    licenseKey: fieldLabel('key'),
  },
  starter: {
    title: DOCUMENT_TYPE_LABELS.starter,
    heading: 'Ihr Startdokument',
    intro: (product: string) =>
      `Vielen Dank für Ihren Kauf! Mit diesem Dokument aktivieren Sie Ihre Lizenz für ${product}. ` +
      'Bitte bewahren Sie es sorgfältig auf: Wer Lizenzschlüssel und Startcode kennt, kann die Lizenz binden.',
    startCode: fieldLabel('startCode'),
    bindingHeading: 'So binden Sie Ihre Lizenz',
    bindingSteps: (portalUrl: string) => [
      `Öffnen Sie das Lizenzportal unter ${portalUrl}.`,
      'Melden Sie sich mit Ihrem Lizenzschlüssel und dem Startcode an.',
      'Binden Sie die Lizenz an den Lizenznehmer: Geben Sie den Namen der Person oder Organisation, ' +
        'für die die Lizenz gilt, und eine E-Mail-Adresse an. Die Bindung ist nur einmal möglich.',
      'Danach melden Sie sich mit Ihrem Lizenzschlüssel und dem Namen des Lizenznehmers an – ' +
        'genau in der Schreibweise, die Sie bei der Bindung angegeben haben. Der Startcode gilt dann ' +
        'nicht mehr. Ihr Lizenzdokument erhalten Sie per E-Mail.',
    ],
    directLoginHeading: deliveryMailTexts.signInDirectly,
    /** The second sign-in value in the QR code's caption („mit Lizenzschlüssel und Startcode”). */
    directLoginCredential: fieldLabel('startCode'),
  },
  license: {
    title: DOCUMENT_TYPE_LABELS.license,
    heading: 'Ihr Lizenzdokument',
    intro: (product: string) =>
      `Diese Lizenz für ${product} ist an den unten genannten Lizenznehmer gebunden. ` +
      'Bitte bewahren Sie dieses Dokument sorgfältig auf.',
    holderHeading: deliveryMailTexts.holder,
    // The holder's rows, under the heading that already says whose they are.
    holderName: 'Name',
    holderType: 'Art',
    holderContact: HOLDER_FORM_LABELS.contact,
    holderEmail: HOLDER_FORM_LABELS.email,
    boundAt: 'Gebunden am',
    signInHeading: 'Anmeldung im Lizenzportal',
    signIn: (portalUrl: string) =>
      `Sie melden sich unter ${portalUrl} jetzt mit Ihrem Lizenzschlüssel und dem Namen ` +
      'des Lizenznehmers an – genau in der unten angegebenen Schreibweise. Der Startcode gilt nicht mehr.',
    holderNameCredential: HOLDER_FORM_LABELS.name,
    /** The second sign-in value in the QR code's caption („mit Lizenzschlüssel und Lizenznehmer-Namen”). */
    directLoginCredential: 'Lizenznehmer-Namen',
    // What comes next, by how the software reaches the holder.
    nextDownload: 'Nach der Anmeldung laden Sie die Software im Download-Bereich des Lizenzportals herunter.',
    nextDvd: `Ihre Software erhalten Sie auf DVD. ${PORTAL_SHOWS_LICENSE}`,
    nextPortal: PORTAL_SHOWS_LICENSE,
  },
  offer: {
    title: DOCUMENT_TYPE_LABELS.offer,
    subject: (offerNumber: string) => `${DOCUMENT_TYPE_LABELS.offer} ${offerNumber}`,
    number: (offerNumber: string) => `Nr. ${offerNumber}`,
    offerNumber: assistantScreens.offerNumber,
    date: 'Datum',
    validUntil: upgradeSessionPageMessages.validUntil,
    purchaseType: assistantScreens.purchaseType,
    reference: 'Ihre Referenz',
    holder: assistantScreens.holderLabel,
    originalLicenses: 'Bisherige Lizenzen',
    billingAddress: assistantScreens.billingAddress,
    billingAndShippingAddress: 'Rechnungs- und Lieferadresse',
    shippingAddress: assistantScreens.shippingAddress,
    note: 'Ihre Anmerkung',
    lineItems: 'Positionen',
    // The line items' columns and totals: the words of the assistant's cart.
    columnItem: assistantScreens.columnItem,
    columnQuantity: assistantScreens.columnQuantity,
    itemDiscount: assistantScreens.itemDiscount,
    columnPrice: assistantScreens.columnPrice,
    columnSum: assistantScreens.columnSum,
    columnNet: assistantScreens.columnNet,
    shownPricesNote: assistantScreens.shownPricesNote,
    totalNet: assistantScreens.totalNet,
    vat: assistantScreens.totalVat,
    totalGross: assistantScreens.totalGross,
    orderHeading: 'So bestellen Sie dieses Angebot',
    orderSteps: (shopUrl: string) => [
      `Öffnen Sie den Lizenz-Assistenten in unserem Shop: ${shopUrl}`,
      'Wählen Sie dort, dass Sie einen Angebotscode haben, und geben Sie den Angebotscode ein. ' +
        'Achten Sie dabei auf die Groß- und Kleinschreibung.',
      'Prüfen Sie die Übersicht und legen Sie das Angebot in den Warenkorb. Nach der Bezahlung ' +
        'erhalten Sie Ihre Lizenzunterlagen per E-Mail.',
    ],
    offerCode: assistantScreens.offerCodeLabel,
    validity: `Das Angebot gilt ${OFFER_VALIDITY_DAYS} Tage. Danach können Sie im Lizenz-Assistenten jederzeit ein neues Angebot erstellen.`,
  },
} as const;
