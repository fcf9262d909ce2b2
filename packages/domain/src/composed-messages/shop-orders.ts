import { RETRY_LABEL } from '../messages/common.ts';
import { TERMS } from '../messages/vocabulary.ts';
import { counted } from '../messages/plurals.ts';
import { customerReferenceFact } from '../messages/reseller-lines.ts';
import { groupedDigits } from '../formats/numbers.ts';
import { PRODUCTS } from '../pricing/products.ts';
import type { CountedProduct, LinesDifference } from '../shop-order/paid-lines.ts';
import { PURCHASE_TYPE_LABELS, type PurchaseType } from '../upgrade-session/enums.ts';

/** What to do about a generation that failed: fix the cause, then retry it. */
const ACT = 'Bitte prüfen und dann „Erneut versuchen”.';
/** What to do about an order that paid for other goods than it asks for: a retry cannot help. */
const SETTLE = 'Geliefert wurde nichts: bitte mit dem Kunden klären (neu bestellen lassen oder erstatten).';

/** „100 × Update auf Pro-Lizenz Version 9, 20 × Pro-Lizenz Version 9”; „nichts” for none. */
export function countedProductsText(products: readonly CountedProduct[]): string {
  if (products.length === 0) return 'nichts';
  return products
    .map(({ sku, quantity }) => `${groupedDigits(quantity)} × ${PRODUCTS[sku].title}`)
    .join(', ');
}

/**
 * Who priced what an order should have paid: its session, the offer the session became, or the
 * cart the portal signed for the shop (decision 065).
 */
export type PricedBy = { offerNumber: string | null; signedCart?: boolean };

function pricedByText({ offerNumber, signedCart }: PricedBy): string {
  if (signedCart) return 'der vom Portal signierte Warenkorb verlangt';
  return offerNumber ? `das Angebot ${offerNumber} verlangt` : 'die Upgrade-Session verlangt';
}

/**
 * Why an order generation failed (back office, „Alle Shop-Generierungen”): German, naming the
 * line or record at fault and what an admin can do about it.
 */
export const orderGenerationErrors = {
  unknownPurchaseType: (value: string) =>
    `Unbekannte Kaufart „${value}” in den Bestelldaten (purchase_type). ${ACT}`,
  noLicenseProduct: `Die Bestellung enthält kein Lizenzprodukt, nur DVDs oder nichts. ${ACT}`,
  productNotForPurchaseType: (name: string, purchaseType: PurchaseType) =>
    `Das Produkt „${name}” passt nicht zur Kaufart „${PURCHASE_TYPE_LABELS[purchaseType]}”. ${ACT}`,
  unassignableDvds: `Die DVDs der Bestellung lassen sich keiner Lizenz zuordnen (mehrere Lizenzen). ${ACT}`,
  tooManyDvds: (dvds: number, seats: number) =>
    `Die Bestellung enthält ${counted(dvds, 'dvd')} für ${counted(seats, 'seat')}; mehr DVDs als Arbeitsplätze gibt es nicht. ${ACT}`,
  personalSize: `Eine persönliche Lizenz hat genau einen Arbeitsplatz. ${ACT}`,
  noEmail: `Die Rechnungsadresse der Bestellung hat keine E-Mail-Adresse: wohin sollen die Dokumente? ${ACT}`,
  sessionRequired: (purchaseType: PurchaseType) =>
    `Für die Kaufart „${PURCHASE_TYPE_LABELS[purchaseType]}” braucht die Bestellung eine Upgrade-Session (upgrade_session_id), sie nennt keine. ${ACT}`,
  sessionNotFound: (id: string) => `Die Upgrade-Session ${id} der Bestellung gibt es nicht. ${ACT}`,
  sessionNotProven: (id: string) =>
    `Die Bestellung weist die Upgrade-Session ${id} nicht nach: ihr Token (upgrade_session_token, bei einem Angebot offer_token) fehlt oder gehört nicht zu dieser Session. Die Session wurde nicht verwendet; die Bestellung bitte im Shop prüfen und von Hand bearbeiten.`,
  sessionOfOtherPurchaseType: (session: PurchaseType, order: PurchaseType) =>
    `Die Upgrade-Session ist ein(e) „${PURCHASE_TYPE_LABELS[session]}”, die Bestellung ein(e) „${PURCHASE_TYPE_LABELS[order]}”. ${ACT}`,
  paidTwice: (firstOrder: string) =>
    `Doppelt bezahlt? Die Upgrade-Session gehört bereits zur Bestellung ${firstOrder}; diese Bestellung bezahlt sie ein zweites Mal. Geliefert wurde nichts: bitte prüfen und die Zahlung erstatten.`,
  paidLinesDiffer: ({ customerReference, paid, priced }: LinesDifference, pricedBy: PricedBy) =>
    `${customerReference === null ? 'Bezahlt' : `Reseller-Position „${customerReference}”: bezahlt`}: ${countedProductsText(paid)}; ${pricedByText(pricedBy)} ${countedProductsText(priced)}. ${SETTLE}`,
  sessionWithoutProperties: `Die Upgrade-Session nennt keine Lizenzeigenschaften (Klasse, Größe). ${ACT}`,
  sessionWithoutHolder: `Die Upgrade-Session nennt keinen Lizenznehmer, an den die neue Lizenz gebunden wird. ${ACT}`,
  cartTokenInvalid: `Der Warenkorb der Bestellung (cart_token) ist nicht vom Portal signiert: gefälscht, beschädigt oder mit einem Schlüssel, den das Portal nicht mehr kennt. ${SETTLE}`,
  cartTokenOfOtherOrder: `Der vom Portal signierte Warenkorb (cart_token) gehört zu einer anderen Upgrade-Session oder Kaufart als die Bestellung. ${SETTLE}`,
  resellerLineUnknown: (uid: string) =>
    `Die Reseller-Position „${uid}” der Bestellung steht nicht in der Upgrade-Session. ${SETTLE}`,
  originalLicenseMissing: (id: string) => `Die ursprüngliche Lizenz ${id} gibt es nicht mehr. ${ACT}`,
  originalLicenseDisabled: (key: string) =>
    `Die ursprüngliche Lizenz ${key} ist deaktiviert (schon aktualisiert?). ${ACT}`,
  extendedLicenseChanged: (key: string) =>
    `Die zu erweiternde Lizenz ${key} hat sich seit dem Kauf geändert (Größe, Klasse oder Status). ${ACT}`,
  technical: (attempts: number, detail: string) =>
    `Technischer Fehler nach ${counted(attempts, 'attemptDative')}: ${detail}. ${ACT}`,
} as const;

/**
 * WooCommerce's order statuses in German (as its German back end names them); a status a plugin
 * added is shown as the shop sent it.
 */
const SHOP_ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending: 'Zahlung ausstehend',
  processing: 'in Bearbeitung',
  'on-hold': 'in Wartestellung',
  completed: 'abgeschlossen',
  cancelled: 'storniert',
  refunded: 'erstattet',
  failed: 'fehlgeschlagen',
  'checkout-draft': 'Entwurf',
  trash: 'gelöscht',
};

export function shopOrderStatusLabel(status: string): string {
  return SHOP_ORDER_STATUS_LABELS[status] ?? status;
}

/** „erstattet”, „storniert”: what the shop did with a withdrawn order, as a participle. */
function withdrawalWord(status: string): string {
  return status === 'refunded'
    ? 'erstattet'
    : status === 'cancelled'
      ? 'storniert'
      : shopOrderStatusLabel(status);
}

/** Lines of a shop order as the back office names them: „Handbuch (gedruckt) ×1, Symbolkarten ×2”. */
export function orderLinesText(lines: readonly { name: string; quantity: number }[]): string {
  return lines.map((line) => `${line.name} ×${line.quantity.toLocaleString('de-DE')}`).join(', ');
}

/** Notes of an order generation: what of the order the shop keeps, what the shop did with it later. */
export const orderGenerationNotes = {
  /** The order's lines that are not the portal's (books, printed cards, …): the shop fulfils them. */
  notThePortals: (lines: readonly { name: string; quantity: number }[]) =>
    `Nicht vom Portal: ${orderLinesText(lines)}`,
  /** A paid order withdrawn before its generation ran (decision 066). */
  nothingMade: (status: string) =>
    `Die Bestellung wurde im Shop vor der Generierung ${withdrawalWord(status)}: Es wurde nichts erzeugt.`,
  /** A reseller license's notes: its line's customer reference, read back by `customerReferenceOf`. */
  customerReference: customerReferenceFact,
} as const;

/**
 * What an order paid beside what the portal asks (decision 060): the order generation's list
 * columns, its detail panel and the overview's flags.
 */
export const orderPaymentMessages = {
  panelTitle: 'Zahlung',
  paid: 'Bezahlt',
  portalPrice: 'Preis laut Portal',
  difference: 'Differenz',
  orderTotal: 'Bestellung insgesamt',
  coupons: 'Gutscheine',
  noCoupons: 'Keine',
  unknown: 'unbekannt',
  amountDiffers: 'Betrag weicht ab',
  amountMatches: 'Betrag stimmt',
  paidTwiceFor: 'Doppelt bezahlt? (erste Bestellung)',
  paidTwice: 'Doppelt bezahlt?',
  /** „513,00 € (netto 431,09 €, MwSt. 81,91 €)”. */
  amounts: (gross: string, net: string, tax: string) => `${gross} (netto ${net}, ${TERMS.vat} ${tax})`,
  /** A currency other than the portal's: the amounts are shown as the shop sent them. */
  otherCurrency: (currency: string) => `in ${currency}, nicht in Euro`,
  explanation:
    '„Bezahlt” sind die Summen der Positionen des Portals laut Shop (nach Gutscheinen), „Preis laut Portal” ist der Preis, den der Lizenz-Assistent für dieselben Positionen berechnet hat. Weichen sie ohne Gutschein um mehr als einen Cent je Position ab, oder ist die Währung nicht Euro, ist die Bestellung markiert; geliefert wird trotzdem.',
  firstOrder: (order: string) => `Zuerst bezahlt mit Bestellung ${order}`,
  refunded: 'Erstattet',
  remaining: 'Verbleibt',
  refundsTitle: 'Erstattungen',
  /** „19.11.2026: 100,00 € (Widerruf)”. */
  refund: (at: string, amount: string, reason: string | null) =>
    reason ? `${at}: ${amount} (${reason})` : `${at}: ${amount}`,
  /** The shop withdrew the whole order: „Im Shop storniert am 20.11.2026, 10:15”. */
  withdrawnInShop: (status: string, at: string) => `Im Shop ${withdrawalWord(status)} am ${at}`,
  /** A line a refund returned: „Erstattet: 2 × M9-PER, 160,00 €, am 18.03.26 10:30:00”. */
  refundedLine: (quantity: number, product: string, amount: string, at: string) =>
    `Erstattet: ${quantity.toLocaleString('de-DE')} × ${product}, ${amount}, am ${at}`,
  /** The refund's lines are still being asked of the shop. */
  refundLinesPending: 'Die erstatteten Positionen werden beim Shop abgefragt …',
  refundsExplanation:
    'Erstattungen nennt der Shop für die ganze Bestellung (mit Waren des Shops und Versand); „Verbleibt” ist die Bestellung insgesamt abzüglich der Erstattungen. Der Umsatz der Übersicht zieht sie am Tag der Erstattung ab.',
} as const;

/** What staff still have to do about an order generation's refunds (decision 066), as lists and badges name it. */
export const WITHDRAWAL_LABELS = {
  open: 'Erstattet, Lizenzen noch aktiv',
  undone: 'Rückabgewickelt',
  'nothing-made': 'Erstattet, nichts erzeugt',
} as const;
export const withdrawalFieldLabel = 'Erstattung';

/** The back office's action on a failed order generation. */
export const RETRY_ORDER_GENERATION = RETRY_LABEL;

/**
 * The shop reconciliation (decision 030): why a run failed, and the back office's notice on the
 * order-generation list when it does.
 */
export const shopReconciliationMessages = {
  refused: (status: number) =>
    `Der Shop lehnt die Anfrage ab (HTTP ${status}): Bitte SHOP_API_KEY und SHOP_API_SECRET prüfen (ein REST-Schlüssel des Shops mit Leserechten).`,
  shopError: (status: number) => `Der Shop antwortet mit einem Fehler (HTTP ${status}).`,
  timeout: (seconds: number) => `Der Shop hat nicht innerhalb von ${seconds} Sekunden geantwortet.`,
  unreachable: (detail: string) => `Der Shop ist nicht erreichbar (${detail}). Bitte SHOP_URL prüfen.`,
  notAnOrderList:
    'Der Shop hat keine Liste von Bestellungen geliefert: Ist SHOP_URL die Adresse des WooCommerce-Shops?',
  notARefundList:
    'Der Shop hat keine Liste von Erstattungen geliefert: Ist SHOP_URL die Adresse des WooCommerce-Shops?',
  internal: (detail: string) => `Interner Fehler des Portals: ${detail}`,
  notRunSince: (at: string) =>
    `Der Abgleich ist seit ${at} nicht mehr gelaufen: Läuft der Worker des Portals?`,
  neverRan: 'Der Abgleich ist seit dem Start nie gelaufen: Läuft der Worker des Portals?',
  noticeTitle: 'Der Abgleich mit dem Shop schlägt fehl',
  noticeExplanation:
    'Bezahlte Bestellungen, deren Webhook nicht ankam, erzeugt das Portal erst, wenn der Abgleich wieder gelingt.',
  lastSuccess: 'Zuletzt erfolgreich:',
  neverSucceeded: 'Noch nie erfolgreich.',
  reason: 'Grund',
} as const;

/** The back office's list of paid orders the portal left to the shop (no line of the portal). */
export const ignoredShopOrderMessages = {
  title: 'Bestellungen ohne Produkte des Portals',
  explanation:
    'Bezahlte Bestellungen, die nur Waren des Shops enthalten (etwa Bücher oder gedruckte Karten): Das Portal erzeugt für sie nichts.',
  search: 'Bestellnummer suchen',
  loading: 'Bestellungen werden geladen …',
  loadFailed: 'Die Bestellungen ohne Produkte des Portals konnten nicht geladen werden',
  none: 'Keine solche Bestellung.',
  latest: (shown: number) => `Die neuesten ${shown.toLocaleString('de-DE')}; eine Bestellnummer findet jede.`,
  order: 'Bestellung',
  status: 'Status im Shop',
  lines: 'Positionen',
  receivedAt: 'Eingegangen',
} as const;

/** „Bestellung rückabwickeln” (decision 066): what it did, and what it left to staff. */
export const orderUndoMessages = {
  action: 'Bestellung rückabwickeln',
  /** The portal's own name in the audit trail when it undoes an order by itself (`SHOP_REFUND_ACTION=withdraw`). */
  automaticActor: 'Portal (Erstattung im Shop)',
  notOfOrder: 'Diese Lizenz gehört nicht zu dieser Bestellung.',
  extensionChanged: (key: string) =>
    `Die Lizenz ${key} wurde seit der Erweiterung geändert (Arbeitsplätze oder DVDs): nicht automatisch zurückgesetzt, bitte von Hand prüfen.`,
  extensionUnknown: (key: string) =>
    `Für die Lizenz ${key} ist nicht bekannt, wie sie vor der Erweiterung war: bitte von Hand prüfen.`,
  originalMovedOn: (key: string) =>
    `Die ursprüngliche Lizenz ${key} verweist nicht mehr auf die neue Lizenz (seitdem geändert): nicht automatisch reaktiviert, bitte von Hand prüfen.`,
  missing: (id: string) => `Die Lizenz ${id} gibt es nicht mehr.`,
  /** The confirmation dialog: what will happen to each license, worked out by the undo itself (a preview). */
  previewLoading: 'Es wird ermittelt, was die Rückabwicklung ändert …',
  previewFailed: 'Es konnte nicht ermittelt werden, was die Rückabwicklung ändert',
  willChange: 'Das geschieht mit den Lizenzen:',
  pickLicenses: 'Teilerstattung: Bitte die Lizenzen wählen, die zurückgenommen werden.',
  pickAtLeastOne: 'Bitte mindestens eine Lizenz wählen.',
  notAutomatic: 'Nicht automatisch rückgängig zu machen:',
  nothingToDo: 'Es gibt nichts mehr rückabzuwickeln: Die Lizenzen sind bereits im bezahlten Stand.',
  confirm: 'Rückabwickeln',
  cancel: 'Abbrechen',
  will: {
    disabled: (key: string) => `${key} wird deaktiviert (nicht gelöscht).`,
    reactivated: (key: string) => `${key} (die ursprüngliche Lizenz) wird wieder aktiv.`,
    restored: (key: string) =>
      `${key} erhält wieder Arbeitsplätze, DVDs und Inhaber vor der Erweiterung; ihr Dokument wird neu erzeugt.`,
  },
  did: {
    disabled: (key: string) => `${key} deaktiviert`,
    reactivated: (key: string) => `${key} wieder aktiv`,
    restored: (key: string) => `${key} auf den Stand vor der Erweiterung zurückgesetzt`,
  },
  /** The toast after the undo: what changed, and what is left to staff. */
  done: (changes: readonly string[], left: number) =>
    [
      changes.length
        ? `Bestellung rückabgewickelt: ${changes.join(', ')}.`
        : 'Bestellung rückabgewickelt: nichts geändert.',
      left ? `${counted(left, 'license')} bitte von Hand prüfen.` : '',
    ]
      .filter(Boolean)
      .join(' '),
} as const;

/**
 * Why the lines of an order's refunds are not on its generation (decision 066): they come from the
 * shop's refunds endpoint, which needs its REST key; staff then read the refund in the shop.
 */
export const refundLinesMessages = {
  notConfigured:
    'Welche Positionen erstattet wurden, kann das Portal nicht abfragen: Der REST-Zugang zum Shop (SHOP_API_KEY und SHOP_API_SECRET) ist nicht eingerichtet. Bitte die Erstattung im Shop ansehen und die Lizenzen von Hand wählen.',
  retrying: (reason: string) =>
    `Die erstatteten Positionen konnten noch nicht beim Shop abgefragt werden: ${reason} Das Portal versucht es erneut.`,
  gaveUp: (attempts: number, detail: string) =>
    `Die erstatteten Positionen konnten nach ${counted(attempts, 'attemptDative')} nicht beim Shop abgefragt werden (${detail}). Bitte die Erstattung im Shop ansehen und die Lizenzen von Hand wählen.`,
} as const;
