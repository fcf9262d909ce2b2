import { RETRY_LABEL } from './common.ts';
import { counted } from './plurals.ts';
import { PURCHASE_TYPE_LABELS, type PurchaseType } from '../upgrade-session/enums.ts';

/** What to do about a generation that failed: fix the cause, then retry it. */
const ACT = 'Bitte prüfen und dann „Erneut versuchen”.';

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
  sessionOfOtherOrder: (order: string) =>
    `Die Upgrade-Session gehört bereits zur Bestellung ${order}. ${ACT}`,
  sessionWithoutProperties: `Die Upgrade-Session nennt keine Lizenzeigenschaften (Klasse, Größe). ${ACT}`,
  sessionWithoutHolder: `Die Upgrade-Session nennt keinen Lizenznehmer, an den die neue Lizenz gebunden wird. ${ACT}`,
  resellerLineUnknown: (uid: string) =>
    `Die Reseller-Position „${uid}” der Bestellung steht nicht in der Upgrade-Session. ${ACT}`,
  resellerLineMismatch: (reference: string) =>
    `Die Reseller-Position „${reference}” der Bestellung passt nicht zur Upgrade-Session (Menge oder Größe). ${ACT}`,
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

/** Lines of a shop order as the back office names them: „Handbuch (gedruckt) ×1, Symbolkarten ×2”. */
export function orderLinesText(lines: readonly { name: string; quantity: number }[]): string {
  return lines.map((line) => `${line.name} ×${line.quantity.toLocaleString('de-DE')}`).join(', ');
}

/** Notes of an order generation: what of the order the shop keeps, what the shop did with it later. */
export const orderGenerationNotes = {
  /** The order's lines that are not the portal's (books, printed cards, …): the shop fulfils them. */
  notThePortals: (lines: readonly { name: string; quantity: number }[]) =>
    `Nicht vom Portal: ${orderLinesText(lines)}`,
  withdrawn: (status: string, at: string) =>
    `Die Bestellung steht im Shop seit ${at} auf „${shopOrderStatusLabel(status)}”: die erzeugten Lizenzen bleiben bestehen, bitte bei Bedarf von Hand deaktivieren.`,
  customerReference: (reference: string) => `Kundenreferenz: ${reference}`,
} as const;

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
