import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  adminLoginErrorMessage,
  adminLoginMessages,
  assistantMessages,
  assistantScreens,
  backOfficeMessages,
  bindingErrorMessage,
  bindingMessages,
  directLoginErrorMessage,
  documentTexts,
  downloadLinkErrorMessage,
  downloadMessages,
  ERROR_CODES,
  errorCodeTag,
  fieldLabel,
  GENERIC_SERVER_ERROR,
  holderProblems,
  licenseStatusErrorMessage,
  loadOfferErrorMessage,
  NO_CONNECTION_MESSAGE,
  NO_CONNECTION_TAG,
  originalMessageNote,
  orderPaymentMessages,
  RECOVERY_FAILED_TITLE,
  RETRY_LABEL,
  shopDemoMessages,
  simpleLoginErrorMessage,
  type HolderFormValues,
} from '@lizenzportal/domain';
import * as domain from '@lizenzportal/domain';

/**
 * The German texts of both specs' error catalogues (customer-portal.md §8, back-office.md §8) and
 * validation messages, copied here as LITERAL strings — never imported — each mapped to where the
 * portal shows it. A typo in a catalogue constant fails this test, which a test comparing the code
 * with its own constants cannot do.
 *
 * `spec` is the spec's text as it writes it, placeholders in braces; `shown` is what the portal
 * shows there (catalogue calls with the sample values below). Where the spec only describes a
 * message (in English), `portal` pins the portal's German wording literally instead.
 */
const SAMPLE = {
  field: 'Name des Lizenznehmers',
  n: '8',
  code: '409',
  status: '500',
  email: 'support@example.com',
  product: 'METACOM Symbole 9',
  error: 'Zeitüberschreitung',
} as const;

const fill = (text: string) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => SAMPLE[name as keyof typeof SAMPLE] ?? whole);

interface Row {
  /** Where the portal shows the text, and through which catalogue entry. */
  where: string;
  /** The spec's text, word for word (placeholders in braces). */
  spec?: string;
  /** What the spec means by a shortened form („…/…”, „... der …”), with the spec's words. */
  expected?: string;
  /** Where the spec only describes a message: the portal's German wording, literally. */
  portal?: string;
  /** The texts the portal shows (each must equal the spec's or the pinned wording). */
  shown: string[];
}

const holderForm = (changes: Partial<HolderFormValues>) =>
  holderProblems(
    {
      holderType: 'organization',
      name: 'Schule am See',
      contact: 'Erika Mustermann',
      email: 'it@schule.example',
      emailConfirmation: 'it@schule.example',
      authorized: true,
      privacyAccepted: true,
      ...changes,
    },
    { licenseClass: 'multiple', consents: true },
  );

const context = { supportEmail: SAMPLE.email, product: SAMPLE.product, serverMessage: 'Nicht erlaubt.' };

const CUSTOMER_PORTAL: Row[] = [
  {
    where:
      'extension seats step, its title (assistantScreens.extensionSeatsTitle; spec §4 „extension seats equal the new total minus the old seats”)',
    portal: 'Wie viele Arbeitsplätze soll Ihre Lizenz künftig insgesamt haben? Bisher 4 Arbeitsplätze',
    shown: [assistantScreens.extensionSeatsTitle(4)],
  },
  {
    where: 'extension seats step, the seats field (assistantScreens.extensionSeatsInput)',
    portal: 'Arbeitsplätze künftig insgesamt',
    shown: [assistantScreens.extensionSeatsInput],
  },
  {
    where: 'extension seats step, the seats added (assistantScreens.extensionSeats)',
    portal: 'Bisher 4 Arbeitsplätze, künftig insgesamt 7 – also 3 Arbeitsplätze zusätzlich.',
    shown: [assistantScreens.extensionSeats(4, 7)],
  },
  {
    where: 'seats step, a count the field refuses (assistantScreens.priceAwaitsSeats)',
    portal: 'Den Preis sehen Sie, sobald die Anzahl der Arbeitsplätze passt.',
    shown: [assistantScreens.priceAwaitsSeats],
  },
  {
    where: 'seats step, beside the DVD field when fewer seats cut the DVDs (dvdMaximumIsSize, dvdsCutTo)',
    spec: 'Die maximale DVD-Anzahl ist die Lizenz-Größe',
    shown: [assistantMessages.dvdMaximumIsSize],
  },
  {
    where: 'seats step, how many DVDs are left after the cut (assistantScreens.dvdsCutTo)',
    portal: 'Die DVDs wurden auf 2 verringert.',
    shown: [assistantScreens.dvdsCutTo(2)],
  },
  {
    where: 'error box, default for a 500 (GENERIC_SERVER_ERROR, INTERNAL_ERROR, simple login 5xx)',
    spec: 'Ups, da ist etwas schiefgelaufen. Wir wurden informiert und kümmern uns darum - bitte versuchen Sie es in Kürze erneut.',
    shown: [
      GENERIC_SERVER_ERROR,
      ERROR_CODES.INTERNAL_ERROR.message,
      simpleLoginErrorMessage(500, 'startCode'),
      licenseStatusErrorMessage(502),
    ],
  },
  {
    where: 'error box tag with the status (errorCodeTag)',
    spec: 'Fehler-Code with status',
    expected: 'Fehler-Code {status}',
    shown: [errorCodeTag(500)],
  },
  {
    where: 'error box tag without an answer (NO_CONNECTION_TAG)',
    spec: 'Keine Verbindung',
    shown: [NO_CONNECTION_TAG],
  },
  {
    where: 'simple login, 401 with start code (simpleLoginErrorMessage)',
    spec: 'Der angegebene Startcode ist ungültig',
    shown: [simpleLoginErrorMessage(401, 'startCode')],
  },
  {
    where: 'simple login, 401 with holder name (simpleLoginErrorMessage)',
    spec: 'Der angegebene Lizenznehmer-Name ist nicht korrekt',
    shown: [simpleLoginErrorMessage(401, 'holderName')],
  },
  {
    where: 'simple login, 423 (LICENSE_ALREADY_BOUND)',
    portal:
      'Diese Lizenz ist bereits gebunden. Bitte melden Sie sich mit dem Namen des Lizenznehmers statt mit dem Startcode an.',
    shown: [simpleLoginErrorMessage(423, 'startCode'), ERROR_CODES.LICENSE_ALREADY_BOUND.message],
  },
  {
    where: 'status lookup 404 (LICENSE_NOT_FOUND)',
    portal:
      'Zu diesem Lizenzschlüssel wurde keine Lizenz gefunden. Bitte überprüfen Sie den Lizenzschlüssel.',
    shown: [licenseStatusErrorMessage(404), ERROR_CODES.LICENSE_NOT_FOUND.message],
  },
  {
    where: 'status lookup 403 (LICENSE_DISABLED)',
    portal:
      'Diese Lizenz wurde deaktiviert, vermutlich wegen eines Updates auf eine neuere Version. Dafür wurden Ihnen neue Zugangsdaten ausgestellt.',
    shown: [licenseStatusErrorMessage(403), ERROR_CODES.LICENSE_DISABLED.message],
  },
  {
    where: 'login 410 (the manual login is /login’s form) and direct login 410 (LICENSE_DEACTIVATED)',
    portal: 'Diese Lizenz wurde deaktiviert. Bitte wenden Sie sich an den Support.',
    shown: [
      simpleLoginErrorMessage(410, 'holderName'),
      directLoginErrorMessage(410),
      ERROR_CODES.LICENSE_DEACTIVATED.message,
    ],
  },
  {
    where: 'direct login 5xx and binding 5xx (SERVER_ERROR_TRY_LATER)',
    spec: 'Ein Serverfehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
    shown: [directLoginErrorMessage(503), bindingErrorMessage(500, SAMPLE.email)],
  },
  {
    where: 'manual login, any other status: „unknown error” (UNKNOWN_ERROR)',
    portal: 'Ein unbekannter Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    shown: [simpleLoginErrorMessage(400, 'holderName'), simpleLoginErrorMessage(418, 'startCode')],
  },
  {
    where:
      'manual and direct login without an answer, below the tag „Keine Verbindung” (NO_CONNECTION_MESSAGE)',
    portal:
      'Der Server hat nicht geantwortet. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
    shown: [simpleLoginErrorMessage(null, 'startCode'), directLoginErrorMessage(null), NO_CONNECTION_MESSAGE],
  },
  {
    where:
      'manual login without an answer: the original message, below the catalogue’s (originalMessageNote)',
    portal: 'Ursprüngliche Meldung: Failed to fetch',
    shown: [originalMessageNote('Failed to fetch')],
  },
  {
    where: 'direct login 423 (directLoginErrorMessage)',
    portal:
      'Diese Lizenz wurde bereits registriert. Das aktualisierte Lizenzdokument (PDF) enthält den Namen des Lizenznehmers: Bitte verwenden Sie den Link aus diesem Dokument oder melden Sie sich manuell an.',
    shown: [directLoginErrorMessage(423)],
  },
  {
    where: 'direct login, other 4xx (directLoginErrorMessage)',
    portal: 'Dieser Direkt-Link ist ungültig. Bitte überprüfen Sie den Link oder melden Sie sich manuell an.',
    shown: [directLoginErrorMessage(400), directLoginErrorMessage(401)],
  },
  {
    where: 'binding error title (bindingMessages.errorTitle)',
    spec: 'Fehler beim Binden der Lizenz ( Fehler {code})',
    shown: [bindingMessages.errorTitle(409)],
  },
  {
    where: 'binding 409 (bindingErrorMessage)',
    spec: 'Die eingegebenen Lizenz ist nicht ungebunden. Wenn Sie glauben, dass es sich dabei um einen Fehler handelt, kontaktieren Sie uns bitte unter {email}.',
    shown: [bindingErrorMessage(409, SAMPLE.email)],
  },
  {
    where: 'binding, any other status (bindingErrorMessage)',
    spec: 'Ein unbekannter Fehler ist aufgetreten. Bitte überprüfen Sie Ihre Eingaben und probieren Sie es erneut. Bei anhaltenden Problemen können Sie sich an {email} wenden.',
    shown: [bindingErrorMessage(400, SAMPLE.email), bindingErrorMessage(404, SAMPLE.email)],
  },
  {
    where: 'toast when reloading after the binding fails (bindingMessages.reloadFailed)',
    spec: 'Ein Fehler ist aufgetreten, bitte Seite neu laden',
    shown: [bindingMessages.reloadFailed],
  },
  {
    where: 'load offer title (assistantMessages.loadOfferTitle)',
    spec: 'Fehler beim Laden des Angebots',
    shown: [assistantMessages.loadOfferTitle],
  },
  {
    where: 'load offer 403 (loadOfferErrorMessage)',
    spec: 'Es konnte kein Angebot zu diesem Angebotscode gefunden werden. Bitte überprüfen Sie Ihre Eingabe und achten Sie auf die Groß- und Kleinschreibung.',
    shown: [loadOfferErrorMessage(403, 'x')],
  },
  {
    where: 'load offer 410 (loadOfferErrorMessage)',
    portal:
      'Dieses Angebot ist abgelaufen. Sie können den Assistenten erneut durchlaufen, um ein neues Angebot zu erhalten, oder direkt bestellen.',
    shown: [loadOfferErrorMessage(410, 'x')],
  },
  {
    where: 'dialog for an offer not in status offered: title (assistantMessages.offerNotAvailableTitle)',
    spec: 'Nicht mehr verfügbar',
    shown: [assistantMessages.offerNotAvailableTitle],
  },
  {
    where: 'dialog for an offer not in status offered: text (assistantMessages.offerNotAvailableText)',
    spec: 'Das gewählte Angebot wurde bereits bestellt!',
    shown: [assistantMessages.offerNotAvailableText],
  },
  {
    where: 'download link error title (downloadMessages.errorTitle)',
    spec: 'Fehler beim Abrufen des Download-Links:',
    shown: [downloadMessages.errorTitle],
  },
  {
    where: 'download link 403 (downloadLinkErrorMessage)',
    spec: 'Fehlende Berechtigung zum Download von {product}.',
    shown: [downloadLinkErrorMessage(403, context)],
  },
  {
    where: 'download link 5xx (downloadLinkErrorMessage)',
    portal: 'Beim Abrufen des Links ist ein interner Fehler aufgetreten. Bitte versuchen Sie es erneut.',
    shown: [downloadLinkErrorMessage(500, context)],
  },
  {
    where: 'download link, any other status, with the server message (downloadLinkErrorMessage)',
    spec: 'Ein unbekannter Fehler ist aufgetreten: followed by the server message, then Bitte wenden Sie sich an {email}.',
    expected: 'Ein unbekannter Fehler ist aufgetreten: Nicht erlaubt. Bitte wenden Sie sich an {email}.',
    shown: [downloadLinkErrorMessage(404, context)],
  },
  {
    where: 'search-product link toast (downloadMessages.searchLinkToastTitle)',
    spec: 'Download Link konnte nicht abgerufen werden',
    shown: [downloadMessages.searchLinkToastTitle],
  },
  {
    where: 'copy failure toast (downloadMessages.copyFailure)',
    spec: 'Fehler beim Kopieren des Download-Links',
    shown: [downloadMessages.copyFailure],
  },
  {
    where: 'copy success toast (downloadMessages.copySuccess)',
    spec: 'Download-Link in Zwischenablage kopiert',
    shown: [downloadMessages.copySuccess],
  },
  {
    where: 'assistant, a failed session update (assistantMessages.patchSessionTitle)',
    spec: 'Fehler beim Aktualisieren der Update-Session',
    shown: [assistantMessages.patchSessionTitle],
  },
  {
    where: 'assistant, DVDs outside Germany (assistantMessages.dvdOnlyGermany)',
    portal: 'DVDs können nur nach Deutschland geliefert werden',
    shown: [assistantMessages.dvdOnlyGermany],
  },
];

const VALIDATION: Row[] = [
  {
    where: 'required: the binding form (validationMessages.required via holderProblems)',
    spec: 'Bitte machen Sie eine Angabe für „{field}”.',
    shown: [holderForm({ name: '' }).name!],
  },
  {
    where: 'default: binding form (validationMessages.invalid via holderProblems)',
    spec: 'Die Angabe für das Feld „{field}” ist ungültig.',
    expected: 'Die Angabe für das Feld „E-Mail” ist ungültig.',
    shown: [holderForm({ email: 'keine-adresse', emailConfirmation: 'keine-adresse' }).email!],
  },
  {
    where:
      'confirmed: the e-mail repeated in the binding form (validationMessages.confirmed via holderProblems)',
    spec: 'Die Wiederholung des Feldes „{field}” stimmt nicht überein.',
    expected: 'Die Wiederholung des Feldes „E-Mail” stimmt nicht überein.',
    shown: [holderForm({ emailConfirmation: 'it@schule.example.org' }).emailConfirmation!],
  },
  {
    where: 'minimum: the holder name in the binding form (validationMessages.minLength via describeIssue)',
    spec: '{field} muss mindestens {n} Zeichen lang sein.',
    shown: [holderForm({ name: 'Kurz' }).name!],
  },
  {
    where: 'title of the error box of a failed recovery request (RECOVERY_FAILED_TITLE)',
    spec: 'Fehler beim Erstellen der Wiederherstellungs-Anfrage',
    shown: [RECOVERY_FAILED_TITLE],
  },
  {
    where: 'assistant: a failed upgrade-session patch, with retry (assistantMessages.patchSessionTitle)',
    spec: 'Fehler beim Aktualisieren der Update-Session',
    shown: [assistantMessages.patchSessionTitle],
  },
];

const BACK_OFFICE: Row[] = [
  {
    where: 'login error title (adminLoginMessages.title)',
    spec: 'Fehler beim Anmelden: ',
    shown: [adminLoginMessages.title],
  },
  {
    where: 'login 401 (adminLoginErrorMessage)',
    spec: 'Ungültige Kombination von Benutzer und Passwort',
    shown: [adminLoginErrorMessage(401)],
  },
  {
    where: 'login 5xx (adminLoginErrorMessage)',
    spec: 'Ein interner Fehler ist aufgetreten. Handlungsbedarf :)',
    shown: [adminLoginErrorMessage(500), adminLoginErrorMessage(503)],
  },
  {
    where: 'login without an answer: the tag, then the message (NO_CONNECTION_TAG, adminLoginErrorMessage)',
    spec: 'Keine Verbindung. Bitte versuchen Sie es später erneut.',
    shown: [`${NO_CONNECTION_TAG}. ${adminLoginErrorMessage(null)}`],
  },
  {
    where: 'license save error (backOfficeMessages.licenseSaveFailed)',
    spec: 'Fehler beim Speichern der Lizenz: ',
    shown: [backOfficeMessages.licenseSaveFailed],
  },
  {
    where: 'toast (backOfficeMessages.licenseUpdated)',
    spec: 'Lizenz aktualisiert',
    shown: [backOfficeMessages.licenseUpdated],
  },
  {
    where: 'toast (backOfficeMessages.starterDocumentGenerated)',
    spec: 'Startdokument erzeugt',
    shown: [backOfficeMessages.starterDocumentGenerated],
  },
  {
    where: 'toast (backOfficeMessages.licenseDocumentGenerated)',
    spec: 'Lizenzdokument erzeugt',
    shown: [backOfficeMessages.licenseDocumentGenerated],
  },
  { where: 'toast (backOfficeMessages.resent)', spec: 'Erneut gesendet', shown: [backOfficeMessages.resent] },
  {
    where: 'toast (backOfficeMessages.copied)',
    spec: 'in Zwischenablage kopiert',
    shown: [backOfficeMessages.copied],
  },
  {
    where: 'failure toast (backOfficeMessages.failed)',
    spec: 'Fehler: {error}',
    shown: [backOfficeMessages.failed(SAMPLE.error)],
  },
  {
    where: 'copy failure toast (backOfficeMessages.copyFailed)',
    spec: 'Fehler beim Kopieren: {error}',
    shown: [backOfficeMessages.copyFailed(SAMPLE.error)],
  },
  {
    where: 'generations tab load error (backOfficeMessages.orderGenerationsLoadFailed)',
    spec: 'Fehler beim Abrufen der Generierungen/Auslieferungen',
    expected: 'Fehler beim Abrufen der Generierungen',
    shown: [backOfficeMessages.orderGenerationsLoadFailed],
  },
  {
    where: 'deliveries tab load error (backOfficeMessages.deliveriesLoadFailed)',
    spec: 'Fehler beim Abrufen der Generierungen/Auslieferungen',
    expected: 'Fehler beim Abrufen der Auslieferungen',
    shown: [backOfficeMessages.deliveriesLoadFailed],
  },
  {
    where: 'retry button of error panels and boxes (RETRY_LABEL)',
    spec: 'Erneut versuchen',
    shown: [RETRY_LABEL],
  },
  {
    where: 'order generation detail load error (backOfficeMessages.orderGenerationLoadFailed)',
    spec: 'Fehler beim Abrufen der Shop-Generierung.',
    shown: [backOfficeMessages.orderGenerationLoadFailed],
  },
  {
    where: 'delivery detail load error (backOfficeMessages.deliveryLoadFailed)',
    spec: '... der Versand-Aktion.',
    expected: 'Fehler beim Abrufen der Versand-Aktion.',
    shown: [backOfficeMessages.deliveryLoadFailed],
  },
  {
    where: 'upgrade session detail load error (backOfficeMessages.upgradeSessionLoadFailed)',
    spec: '... der Upgrade-Session.',
    expected: 'Fehler beim Abrufen der Upgrade-Session.',
    shown: [backOfficeMessages.upgradeSessionLoadFailed],
  },
  {
    where: 'empty upgrade-session list (backOfficeMessages.noUpgradeSessions)',
    spec: 'Keine Upgrade-Session gefunden..',
    shown: [backOfficeMessages.noUpgradeSessions],
  },
];

/**
 * One vocabulary (issue 38, decision 067): the class, the type and the tax are each called one
 * thing in the assistant, the shop page, the offer PDF, the mails and the back office.
 */
const VOCABULARY: Row[] = [
  {
    where: 'the class of a license: reseller editor, back office field, import column (TERMS.licenseClass)',
    portal: 'Lizenzklasse',
    shown: [assistantScreens.resellerClass, fieldLabel('properties.class')],
  },
  {
    where: 'the type of a license, Vollversion or Update: back office, „Meine Lizenz” (TERMS.licenseType)',
    portal: 'Lizenzart',
    shown: [fieldLabel('properties.type')],
  },
  {
    where: 'the tax row: assistant cart, offer PDF, shop page (vatWithRate)',
    portal: 'MwSt. 19 %',
    shown: [
      assistantScreens.totalVat('19 %'),
      documentTexts.offer.vat('19 %'),
      `${shopDemoMessages.vat} 19 %`,
    ],
  },
  {
    where: 'an order’s amounts in the back office and its mails (orderPaymentMessages.amounts)',
    portal: '513,00 € (netto 431,09 €, MwSt. 81,91 €)',
    shown: [orderPaymentMessages.amounts('513,00 €', '431,09 €', '81,91 €')],
  },
  {
    where: 'a price in the product choice (assistantScreens.unitPrice)',
    portal: '90,00 € inkl. MwSt. je Arbeitsplatz',
    shown: [assistantScreens.unitPrice('90,00 €', 'seat')],
  },
  {
    where: 'the totals: assistant cart, offer PDF, shop page (TERMS.net, TERMS.gross)',
    portal: 'Summe netto / Gesamtbetrag',
    shown: [
      `${assistantScreens.totalNet} / ${assistantScreens.totalGross}`,
      `${documentTexts.offer.totalNet} / ${documentTexts.offer.totalGross}`,
      `${shopDemoMessages.net} / ${shopDemoMessages.total}`,
    ],
  },
  {
    where: 'the cart’s columns in the assistant and the offer PDF (decision 067)',
    portal:
      'Artikel | Menge | Einzelpreis | Summe | Summe netto | Listenpreis 90,00 € − Mengenrabatt 38,70 €',
    shown: [
      [
        assistantScreens.columnItem,
        assistantScreens.columnQuantity,
        assistantScreens.columnPrice,
        assistantScreens.columnSum,
        assistantScreens.columnNet,
        assistantScreens.itemDiscount('90,00 €', '38,70 €'),
      ].join(' | '),
      [
        documentTexts.offer.columnItem,
        documentTexts.offer.columnQuantity,
        documentTexts.offer.columnPrice,
        documentTexts.offer.columnSum,
        documentTexts.offer.columnNet,
        documentTexts.offer.itemDiscount('90,00 €', '38,70 €'),
      ].join(' | '),
    ],
  },
  {
    where: 'under the cart and the offer PDF’s positions: what the shown prices include (shownPricesNote)',
    portal:
      'Listenpreis, Mengenrabatt, Einzelpreis und Summe sind Preise des Shops einschließlich 19 % deutscher MwSt.; die Summe netto ist die Summe ÷ 1,19, auf den Cent gerundet.',
    shown: [
      assistantScreens.shownPricesNote('19 %', '1,19'),
      documentTexts.offer.shownPricesNote('19 %', '1,19'),
    ],
  },
];

/** Every text the domain exports, found through its objects (functions called with samples). */
function domainTexts(): string[] {
  const texts: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'function' && value.length <= 3) {
      try {
        const result = (value as (...args: unknown[]) => unknown)('19 %', '1,19', 'x');
        // An async function (the assistant's injected calls refuse when not provided) is no text.
        if (result instanceof Promise) result.catch(() => undefined);
        else visit(result);
      } catch {
        // Not a text function.
      }
    } else if (value && typeof value === 'object' && !seen.has(value)) {
      seen.add(value);
      Object.values(value).forEach(visit);
    }
  };
  Object.values(domain).forEach(visit);
  return texts;
}

describe('one vocabulary', () => {
  test.each(VOCABULARY.map((row) => [row.where, row] as const))('%s', (_where, row) => {
    for (const shown of row.shown) expect(shown).toBe(row.portal);
  });

  test('no text calls the tax „Umsatzsteuer” or „Mehrwertsteuer”, nor a net unit price „Preis netto”', () => {
    const texts = domainTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const stray = texts.filter((text) =>
      /Umsatzsteuer(?!-Identifikationsnummer)|Mehrwertsteuer|Preis netto|Listenpreis netto/.test(text),
    );
    expect(stray).toEqual([]);
  });
});

const SPECS = {
  'customer-portal.md': [...CUSTOMER_PORTAL, ...VALIDATION],
  'back-office.md': BACK_OFFICE,
} as const;

describe.each(Object.entries(SPECS))('the wording of %s', (_spec, rows) => {
  test.each(rows.map((row) => [row.where, row] as const))('%s', (_where, row) => {
    const wanted = fill(row.portal ?? row.expected ?? row.spec!);
    for (const shown of row.shown) expect(shown).toBe(wanted);
  });
});

// The copies above are the spec's words: each `spec` text occurs in its spec as written. The spec
// lies beside the repository (`../shared/spec`), as in every checkout the project's CI makes.
const SPEC_DIR = path.resolve(import.meta.dirname, '../../shared/spec');

describe('the copies', () => {
  test.for(Object.entries(SPECS))('are written in %s word for word', ([spec, rows], { skip }) => {
    // Without the spec beside the repository (a checkout of the code alone), the copies cannot be
    // held against it: the test is skipped and says why, in the run's output.
    if (!fs.existsSync(SPEC_DIR)) {
      const why = `not compared: the specification is not at ${SPEC_DIR} (../shared/spec beside the repository)`;
      console.warn(`${spec}: ${why}`);
      skip(why);
    }
    const text = fs.readFileSync(path.join(SPEC_DIR, spec), 'utf8');
    const missing = rows.flatMap((row) => (row.spec && !text.includes(row.spec) ? [row.spec] : []));
    expect(missing).toEqual([]);
  });
});
