import {
  countryName,
  formatDate,
  formatLicenseKey,
  formatMoney,
  formatOfferCode,
  formatPercent,
  OFFER_VALIDITY_DAYS,
  purchaseCart,
  PURCHASE_TYPE_LABELS,
  type Billing,
  type Cart,
  type HolderData,
  type PurchaseType,
  type Shipping,
} from '@lizenzportal/domain';
import { contactLine } from './closing-texts.ts';
import { PdfBuilder, type DocumentStyle, type TableColumn, type TableRow } from './pdf-builder.ts';

/** What an offer document shows: plain data (it crosses into the render threads). */
export interface OfferDocumentData {
  offerNumber: string;
  offerCode: string;
  /** ISO timestamp: the last moment the offer can be ordered. */
  validUntil: string;
  purchaseType: PurchaseType;
  billing: Billing;
  shipping: Shipping | null;
  /** The holder of the license an update or extension produces. */
  holder: HolderData | null;
  /** Keys of the licenses an update or extension starts from. */
  originalLicenseKeys: string[];
  /** Priced by the domain's pricing for the billing country. */
  cart: Cart;
}

const COLUMNS: TableColumn[] = [
  { header: 'Position', width: 0.31 },
  { header: 'Menge', width: 0.09, align: 'right' },
  { header: 'Listenpreis netto', width: 0.16, align: 'right' },
  { header: 'Rabatt', width: 0.1, align: 'right' },
  { header: 'Preis netto', width: 0.16, align: 'right' },
  { header: 'Summe netto', width: 0.18, align: 'right' },
];

function addressLines(address: Shipping | Billing): string {
  return [
    address.name,
    address.additional1,
    address.additional2,
    `${address.street} ${address.houseNumber}`,
    `${address.postcode} ${address.city}`,
    countryName(address.countryCode),
  ]
    .filter((line) => line.trim() !== '')
    .join('\n');
}

function cartRows(cart: Cart): TableRow[] {
  const rows: TableRow[] = [];
  for (const group of cart.groupedLineItems) {
    if (group.customerReference)
      rows.push({ cells: [group.customerReference, '', '', '', '', ''], bold: true });
    for (const line of group.lineItems) {
      rows.push({
        cells: [
          line.title,
          line.quantity.toLocaleString('de-DE'),
          formatMoney(line.itemBaseNet),
          line.discountPercent > 0 ? formatPercent(line.discountPercent) : '–',
          formatMoney(line.itemNet),
          formatMoney(line.net),
        ],
      });
    }
  }
  const total = (label: string, amount: number, bold = false): TableRow => ({
    cells: [label, '', '', '', '', formatMoney(amount)],
    bold,
  });
  rows.push(
    total('Summe netto', cart.totals.net, true),
    total(`Umsatzsteuer ${formatPercent(cart.totals.vatRate)}`, cart.totals.vat),
    total('Gesamtbetrag', cart.totals.gross, true),
  );
  return rows;
}

/**
 * The offer of an upgrade session (customer spec §1, §4 "Offer"): vendor, addresses, what is
 * bought with its prices and totals, how long it is valid, and how to order it with its code.
 */
export function renderOfferDocument(
  style: DocumentStyle,
  offer: OfferDocumentData,
  createdAt: Date,
): Promise<Uint8Array> {
  const validUntil = formatDate(offer.validUntil);
  const facts: [string, string][] = [
    ['Angebotsnummer', offer.offerNumber],
    ['Datum', formatDate(createdAt)],
    ['Gültig bis', validUntil],
    ['Art des Kaufs', PURCHASE_TYPE_LABELS[offer.purchaseType]],
  ];
  if (offer.billing.reference) facts.push(['Ihre Referenz', offer.billing.reference]);
  if (offer.holder) facts.push(['Lizenznehmer', offer.holder.name]);
  if (offer.originalLicenseKeys.length > 0) {
    facts.push(['Bisherige Lizenzen', offer.originalLicenseKeys.map(formatLicenseKey).join(', ')]);
  }
  const builder = new PdfBuilder(style, {
    title: 'Angebot',
    subject: `Angebot ${offer.offerNumber}`,
    createdAt,
  })
    .title('Angebot', `Nr. ${offer.offerNumber}`)
    .keyValues(facts)
    .heading(offer.shipping ? 'Rechnungsadresse' : 'Rechnungs- und Lieferadresse')
    .paragraph(addressLines(offer.billing));
  if (offer.shipping) builder.heading('Lieferadresse').paragraph(addressLines(offer.shipping));
  if (offer.billing.note) builder.heading('Ihre Anmerkung').paragraph(offer.billing.note);
  return builder
    .heading('Positionen')
    .table(COLUMNS, cartRows(offer.cart))
    .heading('So bestellen Sie dieses Angebot')
    .steps([
      `Öffnen Sie den Lizenz-Assistenten in unserem Shop: ${style.branding.shopUrl}`,
      'Wählen Sie dort, dass Sie einen Angebotscode haben, und geben Sie den Angebotscode ein. ' +
        'Achten Sie dabei auf die Groß- und Kleinschreibung.',
      'Prüfen Sie die Übersicht und legen Sie das Angebot in den Warenkorb. Nach der Bezahlung ' +
        'erhalten Sie Ihre Lizenzunterlagen per E-Mail.',
    ])
    .credentials([
      { label: 'Angebotscode', value: formatOfferCode(offer.offerCode) },
      { label: 'Gültig bis', value: validUntil },
    ])
    .paragraph(
      `Das Angebot gilt ${OFFER_VALIDITY_DAYS} Tage. Danach können Sie im Lizenz-Assistenten jederzeit ein neues Angebot erstellen.`,
    )
    .paragraph(contactLine(style.branding), { muted: true })
    .finish();
}

/** An offer of 10 pro seats and a DVD to Germany: warm-up and tests. */
export function exampleOffer(createdAt: Date): OfferDocumentData {
  return {
    offerNumber: 'ANG-2026-00001',
    offerCode: 'abcDEF234',
    validUntil: new Date(createdAt.getTime() + OFFER_VALIDITY_DAYS * 86_400_000).toISOString(),
    purchaseType: 'new',
    billing: {
      name: 'Förderschule am See',
      additional1: 'Verwaltung',
      additional2: '',
      street: 'Seestraße',
      houseNumber: '1',
      postcode: '78462',
      city: 'Konstanz',
      countryCode: 'DE',
      email: 'schule@example.com',
      reference: 'Bestellung 2026/17',
      note: '',
    },
    shipping: null,
    holder: null,
    originalLicenseKeys: [],
    cart: purchaseCart({ purchaseType: 'new', licenseClass: 'pro', seatCount: 10, dvdCount: 1 }, 'DE'),
  };
}
