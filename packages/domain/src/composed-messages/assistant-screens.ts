import { OFFER_VALIDITY_DAYS } from '../upgrade-session/enums.ts';
import { NEXT_LABEL } from '../messages/common.ts';
import { TERMS, vatWithRate } from '../messages/vocabulary.ts';
import { loginPageMessages } from './login.ts';
import { pageTitles } from '../messages/navigation.ts';
import { counted, COUNTED_NOUNS } from '../messages/plurals.ts';
import { CUSTOMER_REFERENCE, resellerLineHeading } from '../messages/reseller-lines.ts';

/**
 * The license assistant's screens (customer spec §2): step headings, explanations, buttons and
 * labels. Warnings, dialogs and errors the machine and the server share are in `assistant.ts`.
 */
export const assistantScreens = {
  pageTitle: pageTitles.assistant,
  back: 'Zurück',
  next: NEXT_LABEL,
  working: 'Bitte warten …',
  /** The screens after the welcome step are downloaded when needed; the download failed. */
  laterStepsFailed: 'Der nächste Schritt konnte nicht geladen werden',

  welcomeTitle: 'Willkommen beim Lizenz-Assistenten',
  welcomeText:
    'Der Assistent führt Sie Schritt für Schritt zu Ihrer Lizenz der Version 9: zum Neukauf, zum Update Ihrer Lizenzen der Version 8 oder zur Erweiterung Ihrer Pro-Lizenz.',
  startAssistant: 'Assistent starten',
  enterOfferCode: 'Angebotscode eingeben',
  resellerOrder: 'Reseller-Bestellung',
  resellerOrderText: 'Für Händler: mehrere Lizenzen für Ihre Kunden in einer Bestellung.',

  countryTitle: 'Wohin geht die Rechnung?',
  countryText: `Preise, ${TERMS.vat} und Versand hängen vom Land der Rechnungsadresse ab.`,
  otherCountry: 'Anderes Land',
  otherCountryTitle: 'Anderes Land wählen',
  countryLabel: 'Land',
  countryPlaceholder: 'Land suchen oder wählen',
  /** Said in the country list when the search finds none: what to do instead of an empty list. */
  noCountryFound: (supportEmail: string) =>
    `Kein Land gefunden – für Länder, die hier fehlen, erstellt Ihnen unser Support ein Angebot: ${supportEmail}`,

  startTitle: 'Haben Sie bereits eine Lizenz?',
  startYes: 'Ja, ich habe bereits eine Lizenz',
  startNo: 'Nein, ich möchte eine neue Lizenz kaufen',

  eligibilityTitle: 'Welche Version haben Sie?',
  version9: 'Version 9',
  version9Text: 'Pro-Lizenz um weitere Arbeitsplätze erweitern',
  version8: 'Version 8',
  version8Text: 'Update auf Version 9 zum Update-Preis',
  version7: 'Version 7 oder älter',
  version7Text: 'Für diese Versionen gibt es kein Update',

  notEligibleTitle: 'Kein Update möglich',
  notEligibleText:
    'Für Lizenzen der Version 7 und älter bieten wir kein Update an. Version 9 können Sie aber jederzeit neu kaufen.',
  buyNew: 'Neue Lizenz kaufen',

  loginTitleUpgrade: 'Melden Sie sich mit Ihren Lizenzen der Version 8 an',
  loginTitleExtension: 'Melden Sie sich mit Ihrer Pro-Lizenz der Version 9 an',
  loginTextUpgrade:
    'Mehrere Lizenzen der Version 8 lassen sich zu einer Lizenz der Version 9 zusammenführen: Melden Sie sich nacheinander mit jeder an.',
  loginTextExtension: 'Melden Sie sich mit der Pro-Lizenz an, die Sie um Arbeitsplätze erweitern möchten.',
  addedLicenses: 'Hinzugefügte Lizenzen',
  addLicense: 'Lizenz hinzufügen',
  addAnotherLicense: 'Weitere Lizenz hinzufügen',
  removeLicense: 'Entfernen',
  /** Said (a polite live region) when a license is added to or removed from the list. */
  licenseAdded: (key: string) => `Lizenz ${key} hinzugefügt.`,
  licenseRemoved: (key: string) => `Lizenz ${key} entfernt.`,
  signInFailed: loginPageMessages.failed,
  creatingSession: 'Ihre Lizenzdaten werden übernommen …',

  selectTitle: 'Welche Lizenz möchten Sie?',
  personalTitle: 'Persönliche Lizenz',
  personalText:
    'Für eine natürliche Person: auf mehreren eigenen Computern nutzbar, nicht im Netzwerk oder auf Terminalservern.',
  proTitle: 'Pro-Lizenz',
  proText:
    'Für Schulen, Praxen, Einrichtungen und Unternehmen: beliebig viele Arbeitsplätze, auch im Netzwerk und auf Terminalservern.',
  recommended: 'Empfohlen',
  choosePersonal: 'Persönliche Lizenz wählen',
  choosePro: 'Pro-Lizenz wählen',
  /** A license's price in the product choice: gross for the billing country, per what it is sold by. */
  unitPrice: (price: string, unit: 'license' | 'seat') =>
    `${price} ${TERMS.vatIncluded} je ${COUNTED_NOUNS[unit].one}`,

  seatsTitle: 'Wie viele Arbeitsplätze brauchen Sie?',
  /** An extension asks for the license's new total, not for the seats to add. */
  extensionSeatsTitle: (previous: number) =>
    `Wie viele Arbeitsplätze soll Ihre Lizenz künftig insgesamt haben? Bisher ${counted(previous, 'seat')}`,
  seatsSlider: 'Arbeitsplätze (Schieberegler)',
  extensionSeatsSlider: 'Arbeitsplätze künftig insgesamt (Schieberegler)',
  seatsInput: 'Anzahl der Arbeitsplätze',
  extensionSeatsInput: 'Arbeitsplätze künftig insgesamt',
  /** Where the price was: a number the field refuses has none. */
  priceAwaitsSeats: 'Den Preis sehen Sie, sobald die Anzahl der Arbeitsplätze passt.',
  /** Beside the DVD field, until dismissed: fewer seats took DVDs away. */
  dvdsCutTo: (dvds: number) => `Die DVDs wurden auf ${dvds.toLocaleString('de-DE')} verringert.`,
  dismissNotice: 'Hinweis schließen',
  seatsInputHint: 'Mehr als 100 Arbeitsplätze? Geben Sie die Anzahl hier ein (bis 10.000).',
  dvdsInput: 'Zusätzliche DVDs',
  dvdsInputHint: (price: string, max: number) => `Je DVD ${price}, höchstens ${max.toLocaleString('de-DE')}.`,
  extensionSeats: (previous: number, total: number) =>
    `Bisher ${counted(previous, 'seat')}, künftig insgesamt ${total.toLocaleString('de-DE')} – also ${
      total > previous ? `${counted(total - previous, 'seat')} zusätzlich` : 'noch keiner zusätzlich'
    }.`,
  /** What the seats step of an extension says: the seats added, the total and the volume discount. */
  extensionPriceAnnouncement: (added: number, gross: string, discount: string | null) =>
    `${counted(added, 'seat')} mehr: Gesamtbetrag ${gross}${discount ? `, Mengenrabatt ${discount}` : ', kein Mengenrabatt'}`,
  /** The name of the polite live region that says the price once the seats settle. */
  pricePreview: 'Ihr Preis',
  /** Said (politely, once a change settles) when the price changes: the new total and the volume discount. */
  /** What the reseller order's live region says once its lines stop changing. */
  resellerAnnouncement: (licenses: number, gross: string) =>
    `${counted(licenses, 'license')} in der Bestellung: Gesamtbetrag ${gross}`,
  priceAnnouncement: (seats: number, gross: string, discount: string | null) =>
    `${counted(seats, 'seat')}: Gesamtbetrag ${gross}${discount ? `, Mengenrabatt ${discount}` : ', kein Mengenrabatt'}`,
  savingChoice: 'Ihre Auswahl wird gespeichert …',

  dvdTitle: 'Möchten Sie eine zusätzliche DVD?',
  dvdText: 'Die Software laden Sie herunter. Auf Wunsch erhalten Sie sie zusätzlich auf DVD.',
  withoutDvd: 'Ohne DVD',
  withDvd: (price: string) => `Mit zusätzlicher DVD (${price})`,

  bindTitle: 'Auf wen soll die Lizenz laufen?',
  bindText:
    'Die Lizenz der Version 9 wird an diesen Lizenznehmer gebunden. Mit seinem Namen melden Sie sich später im Lizenzportal an.',
  /** An extension of a bound license: its holder stays, nothing is asked again. */
  boundHolderTitle: 'Die Lizenz bleibt an diesen Lizenznehmer gebunden',
  boundHolderText:
    'Die Lizenz ist bereits gebunden; eine Bindung lässt sich nicht ändern. Das aktualisierte Lizenzdokument erhalten Sie und der Lizenznehmer per E-Mail.',

  offerLoadTitle: 'Angebot laden',
  offerCodeLabel: 'Angebotscode',
  /** The offer code's shape, grouped as the field groups it. */
  offerCodePlaceholder: 'abc def ghi',
  offerCodeHint:
    'Den neunstelligen Angebotscode finden Sie in Ihrem Angebot. Achten Sie auf Groß- und Kleinschreibung.',
  loadOffer: 'Angebot laden',
  loadingOffer: 'Angebot wird geladen …',
  close: 'Schließen',

  manualTitle: 'Reseller-Bestellung',
  manualText:
    'Stellen Sie die Lizenzen für Ihre Kunden zusammen. Der Mengenrabatt gilt je Lizenz nach ihrer Größe.',
  resellerLine: (reference: string) => `Lizenz „${reference}”`,
  /** A reseller line's licenses and their size, in its editor and over its items in the cart. */
  resellerLineHeading,
  resellerClass: TERMS.licenseClass,
  resellerSize: 'Größe (Arbeitsplätze)',
  resellerQuantity: 'Anzahl Lizenzen',
  resellerDvds: 'DVDs je Lizenz',
  resellerReference: CUSTOMER_REFERENCE,
  resellerAdd: 'Lizenz hinzufügen',
  resellerRemove: 'Lizenz entfernen',
  resellerEmpty: 'Noch keine Lizenz in der Bestellung.',
  deliveryCountry: 'Lieferland',
  toSummary: 'Zur Übersicht',

  summaryTitle: 'Ihre Bestellung im Überblick',
  offerNumber: 'Angebotsnummer',
  purchaseType: 'Art des Kaufs',
  licenseLabel: 'Lizenz',
  seatsLabel: 'Arbeitsplätze',
  dvdsLabel: 'Zusätzliche DVDs',
  holderLabel: 'Lizenznehmer',
  updatedLicenses: 'Lizenzen, die Sie auf Version 9 aktualisieren',
  extendedLicense: 'Lizenz, die Sie erweitern',
  countryOfInvoice: 'Land der Rechnung',
  cartCaption: 'Warenkorb',
  // The cart's columns and totals, the same words on screen and in the offer PDF (decision 067):
  // the shop's prices with German VAT — list price, the volume discount per item, the unit price
  // after it, unit price × quantity — then the line's net, which the totals add up.
  columnItem: 'Artikel',
  columnQuantity: 'Menge',
  columnPrice: 'Einzelpreis',
  /** Under an item's title, where a volume discount applies: how its unit price comes about. */
  itemDiscount: (listPrice: string, discount: string) =>
    `Listenpreis ${listPrice} − ${TERMS.volumeDiscount} ${discount}`,
  columnSum: 'Summe',
  columnNet: TERMS.net,
  totalNet: TERMS.net,
  totalVat: vatWithRate,
  totalGross: TERMS.gross,
  /** Under the cart: what the shown prices include and how the net follows from them. */
  shownPricesNote: (rate: string, divisor: string) =>
    `Listenpreis, ${TERMS.volumeDiscount}, Einzelpreis und Summe sind Preise des Shops einschließlich ${rate} deutscher ${TERMS.vat}; die Summe netto ist die Summe ÷ ${divisor}, auf den Cent gerundet.`,
  createOffer: 'Angebot erstellen',
  systemRequirements: 'Systemanforderungen',
  toCart: 'In den Warenkorb',
  systemRequirementsText:
    'Windows 10 oder 11 (64 Bit), macOS ab Version 12 oder Linux (64 Bit); mindestens 4 GB Arbeitsspeicher und 5 GB freier Speicherplatz. Der Download ist etwa 2 GB groß.',

  offerCreateTitle: 'Angebot anfordern',
  offerCreateText: `Wir senden Ihnen das Angebot als PDF per E-Mail. Es ist ${OFFER_VALIDITY_DAYS} Tage gültig und lässt sich mit seinem Angebotscode jederzeit wieder laden.`,
  billingAddress: 'Rechnungsadresse',
  shippingAddress: 'Lieferadresse',
  shipToDifferentAddress: 'An eine abweichende Lieferadresse liefern',
  requestOffer: 'Angebot per E-Mail anfordern',
  creatingOffer: 'Ihr Angebot wird erstellt …',

  offerCreatedTitle: 'Ihr Angebot ist unterwegs',
  offerCreatedText: (offerNumber: string, email: string) =>
    `Wir haben Ihnen das Angebot ${offerNumber} an ${email} gesendet. Mit dem Angebotscode darin laden Sie es innerhalb von ${OFFER_VALIDITY_DAYS} Tagen wieder und bestellen.`,
  restart: 'Assistent neu starten',

  cartTitle: 'Ihr Warenkorb wird übertragen',
  handingOver: 'Der Warenkorb wird an den Shop übergeben …',
  // What happened, not what the shop may do next (whether it redirects is the shop's business).
  handedOver: 'Der Warenkorb wurde an den Shop übergeben.',
} as const;
