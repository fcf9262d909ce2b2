import {
  addressLines,
  documentTexts,
  exampleBilling,
  formatDate,
  formatLicenseKey,
  formatMoney,
  formatOfferCode,
  formatPercent,
  OFFER_VALIDITY_DAYS,
  purchaseCart,
  resellerLineHeading,
  SHOWN_PRICES_VAT_RATE,
  shownLineItem,
  PURCHASE_TYPE_LABELS,
  type Billing,
  type Cart,
  type HolderData,
  type PurchaseType,
  type Shipping,
} from '@lizenzportal/domain';
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

const { shared, offer: texts } = documentTexts;

const COLUMNS: TableColumn[] = [
  { header: texts.columnItem, fill: true },
  { header: texts.columnQuantity, align: 'right' },
  { header: texts.columnPrice, align: 'right' },
  { header: texts.columnSum, align: 'right' },
  { header: texts.columnNet, align: 'right' },
];
const EMPTY = Array<string>(COLUMNS.length - 1).fill('');

/** What the shown prices include and how the net follows from them (decision 067). */
const SHOWN_PRICES_NOTE = texts.shownPricesNote(
  formatPercent(SHOWN_PRICES_VAT_RATE),
  (1 + SHOWN_PRICES_VAT_RATE / 100).toLocaleString('de-DE'),
);

/** The cart's rows as the assistant shows them: the shop's prices, so that every row adds up. */
function cartRows(cart: Cart): TableRow[] {
  const rows: TableRow[] = [];
  for (const group of cart.groupedLineItems) {
    if (group.customerReference) {
      const heading = group.licenses
        ? resellerLineHeading(group.customerReference, group.licenses.count, group.licenses.size)
        : group.customerReference;
      rows.push({ cells: [heading, ...EMPTY], bold: true, keepWithNext: true });
    }
    for (const line of group.lineItems.map(shownLineItem)) {
      rows.push({
        cells: [
          line.title,
          line.quantity.toLocaleString('de-DE'),
          formatMoney(line.unitPrice),
          formatMoney(line.sum),
          formatMoney(line.net),
        ],
        keepWithNext: line.discount > 0,
      });
      // How the unit price comes about, in a row of its own under the item: short enough never to
      // wrap (a wrapped cell's lines are read without the space between them).
      if (line.discount > 0) {
        rows.push({
          cells: [texts.itemDiscount(formatMoney(line.listPrice), formatMoney(line.discount)), ...EMPTY],
        });
      }
    }
  }
  const total = (label: string, amount: number, bold = false): TableRow => ({
    cells: [label, ...EMPTY.slice(1), formatMoney(amount)],
    bold,
  });
  rows.push(
    total(texts.totalNet, cart.totals.net, true),
    total(texts.vat(formatPercent(cart.totals.vatRate)), cart.totals.vat),
    total(texts.totalGross, cart.totals.gross, true),
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
    [texts.offerNumber, offer.offerNumber],
    [texts.date, formatDate(createdAt)],
    [texts.validUntil, validUntil],
    [texts.purchaseType, PURCHASE_TYPE_LABELS[offer.purchaseType]],
  ];
  if (offer.billing.reference) facts.push([texts.reference, offer.billing.reference]);
  if (offer.holder) facts.push([texts.holder, offer.holder.name]);
  if (offer.originalLicenseKeys.length > 0) {
    facts.push([texts.originalLicenses, offer.originalLicenseKeys.map(formatLicenseKey).join(', ')]);
  }
  const builder = new PdfBuilder(style, {
    title: texts.title,
    subject: texts.subject(offer.offerNumber),
    createdAt,
  })
    .title(texts.title, texts.number(offer.offerNumber))
    .keyValues(facts)
    .heading(offer.shipping ? texts.billingAddress : texts.billingAndShippingAddress)
    .paragraph(addressLines(offer.billing).join('\n'));
  if (offer.shipping)
    builder.heading(texts.shippingAddress).paragraph(addressLines(offer.shipping).join('\n'));
  if (offer.billing.note) builder.heading(texts.note).paragraph(offer.billing.note);
  return builder
    .heading(texts.lineItems)
    .table(COLUMNS, cartRows(offer.cart))
    .paragraph(SHOWN_PRICES_NOTE, { muted: true })
    .heading(texts.orderHeading)
    .steps(texts.orderSteps(style.branding.shopUrl))
    .credentials([
      { label: texts.offerCode, value: formatOfferCode(offer.offerCode) },
      { label: texts.validUntil, value: validUntil },
    ])
    .paragraph(texts.validity)
    .paragraph(shared.contactLine(style.branding), { muted: true })
    .finish();
}

/** An offer of 10 pro seats and a DVD to Germany: warm-up and tests. */
export function exampleOffer(createdAt: Date): OfferDocumentData {
  return {
    offerNumber: 'ANG-2026-00001',
    offerCode: 'abcDEF234',
    validUntil: new Date(createdAt.getTime() + OFFER_VALIDITY_DAYS * 86_400_000).toISOString(),
    purchaseType: 'new',
    billing: exampleBilling(),
    shipping: null,
    holder: null,
    originalLicenseKeys: [],
    cart: purchaseCart({ purchaseType: 'new', licenseClass: 'pro', seatCount: 10, dvdCount: 1 }, 'DE'),
  };
}
