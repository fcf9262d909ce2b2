import { CUSTOMER_REFERENCE } from './reseller-lines.ts';
import { TERMS } from './vocabulary.ts';

/** `/shop-demo`, the stand-in for the vendor's shop page (development), and its simulated orders. */
export const shopDemoMessages = {
  standsForTheShop:
    'Diese Seite steht für den Shop des Herstellers: Sie bettet den Lizenz-Assistenten ein und zeigt den Warenkorb, den er übergibt.',
  /** This page opened on another origin than the shop's: the assistant's cart would never arrive. */
  otherOrigin: (shopOrigin: string, address: string) =>
    `Der Lizenz-Assistent übergibt seinen Warenkorb nur an die Adresse des Shops (${shopOrigin}), nicht an diese Seite: Öffnen Sie ${address}, sonst kommt der Warenkorb hier nicht an.`,
  assistantFrame: 'Lizenz-Assistent',
  cart: 'Warenkorb',
  billingCountry: 'Rechnungsland',
  product: 'Produkt',
  sku: 'SKU',
  productId: 'Produkt-ID',
  quantity: 'Menge',
  customerReference: CUSTOMER_REFERENCE,
  net: TERMS.net,
  vat: TERMS.vat,
  total: TERMS.gross,
  volumeDiscount: TERMS.volumeDiscount,
  upgradeSession: 'Upgrade-Session',
  fromOffer: 'aus einem Angebot',
  simulateOrder: 'Bestellung simulieren',
  simulateExplanation:
    'Hier bezahlt niemand: „Bestellung simulieren” schickt dem Portal die bezahlte Bestellung, die der Shop aus diesem Warenkorb machen würde, signiert wie ein WooCommerce-Webhook. Das Portal erzeugt daraus die Lizenzen und schickt die Dokumente per E-Mail.',
  simulating: 'Die Bestellung wird an das Portal übermittelt …',
  simulateFailed: 'Die Bestellung konnte nicht simuliert werden',
  orderReceived: (order: string) => `Bestellung ${order} ist bezahlt eingegangen`,
  orderKnown: (order: string) => `Bestellung ${order} kennt das Portal bereits: es wurde nichts neu erzeugt.`,
  documentsOnTheirWay: (email: string) =>
    `Das Portal erzeugt jetzt die Lizenzen und schickt die Dokumente an ${email}.`,
  signInHint:
    'Melden Sie sich danach mit dem Lizenzschlüssel und dem Startcode aus der E-Mail an und binden Sie die Lizenz.',
  toSignIn: 'Zur Anmeldung',
  outbox:
    'Ohne Mailserver (SMTP_URL) liegen die E-Mails als .eml-Dateien im Ordner „outbox” des Datenverzeichnisses (DATA_DIR).',
  resellerLineWithoutSize:
    'Eine Reseller-Position nennt die Größe ihrer Lizenz nicht (licenseSize): Der Warenkorb lässt sich so nicht berechnen.',
  oneLicensePerCart: (maxSeats: number) =>
    `Ein Warenkorb des Lizenz-Assistenten enthält eine Lizenz mit höchstens ${maxSeats.toLocaleString('de-DE')} Arbeitsplätzen, jedes Produkt einmal.`,
  tooManyResellerLicenses: (max: number) =>
    `Ein Reseller-Warenkorb enthält höchstens ${max.toLocaleString('de-DE')} Lizenzpositionen.`,
  toOrderGeneration: 'Die Shop-Generierung im Back Office',
  changeQuantities: 'Mengen im Warenkorb ändern',
  changeQuantitiesHint:
    'Wie in einem echten Shop kann der Käufer die Mengen noch ändern. Bezahlt die Bestellung einer Upgrade-Session oder eines Angebots andere Mengen, als der Assistent berechnet hat, liefert das Portal nichts, und die Shop-Generierung nennt beide Seiten; eine neue Lizenz ohne Session wird geliefert, wie sie bezahlt ist.',
  quantityOf: (title: string, sku: string) => `Menge: ${title} (${sku})`,
  changedQuantitiesSent:
    'Die Bestellung bezahlt andere Mengen, als der Assistent berechnet hat: Das Portal liefert nichts, die Shop-Generierung nennt den Grund.',
  /** Simulated refunds of an order the page placed (decision 066). */
  refundTitle: 'Erstattung simulieren',
  refundExplanation:
    'Wie im Shop: Eine Erstattung schickt dem Portal die geänderte Bestellung (order.updated) mit ihren Erstattungen. Die Shop-Generierung steht danach unter „Braucht Aufmerksamkeit” („Erstattet, Lizenzen noch aktiv”), bis „Bestellung rückabwickeln” die Lizenzen zurücknimmt.',
  refundLinesHint:
    'Welche Positionen eine Teilerstattung betraf, fragt das Portal mit dem REST-Zugang (SHOP_API_KEY) beim Shop ab; diese Demo hat keinen, die Shop-Generierung sagt das, und die Lizenzen werden von Hand gewählt.',
  refundQuantityOf: (title: string, sku: string) => `Erstattete Menge: ${title} (${sku})`,
  refundPartial: 'Teilweise erstatten',
  refundFull: 'Vollständig erstatten',
  refunding: 'Die Erstattung wird an das Portal übermittelt …',
  refundFailed: 'Die Erstattung konnte nicht simuliert werden',
  pickRefundQuantity: 'Bitte bei mindestens einer Position eine erstattete Menge angeben.',
  refundSent: (id: number, amount: string) => `Erstattung ${id} über ${amount} an das Portal geschickt.`,
  fullyRefunded: 'Die Bestellung ist vollständig erstattet (im Shop „erstattet”).',
} as const;
