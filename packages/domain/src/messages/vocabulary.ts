/**
 * The portal's words for what a license is and what it costs, written once (issue 38, decision
 * 067) and used by the assistant, the shop page, the PDFs, the mails and the back office:
 *
 * - „Lizenzklasse”: Einzellizenz, Mehrfachlizenz, Serverlizenz, Pro-Lizenz, Persönliche Lizenz;
 * - „Lizenzart”: Vollversion or Update — never the class;
 * - „MwSt.”: the tax, as the shop (WooCommerce's German texts) and German invoices say it;
 *   „Umsatzsteuer” stays only in the name of the „Umsatzsteuer-Identifikationsnummer”.
 */
export const TERMS = {
  licenseClass: 'Lizenzklasse',
  licenseType: 'Lizenzart',
  vat: 'MwSt.',
  /** „inkl. MwSt.”: a price that includes the tax. */
  vatIncluded: 'inkl. MwSt.',
  net: 'Summe netto',
  gross: 'Gesamtbetrag',
  volumeDiscount: 'Mengenrabatt',
} as const;

/** The tax row of a cart or an order: „MwSt. 19 %”. */
export const vatWithRate = (rate: string) => `${TERMS.vat} ${rate}`;
