import { groupedDigits } from '../formats/numbers.ts';

/**
 * The nouns the portal counts, singular and plural as whole words: the one place that knows both
 * forms. A text with a count takes its noun from here (`counted`, `nounFor`) instead of appending
 * letters to a singular („Arbeitsplatze”); `plurals.test.ts` checks every counted text.
 */
export const COUNTED_NOUNS = {
  seat: { one: 'Arbeitsplatz', other: 'Arbeitsplätze' },
  license: { one: 'Lizenz', other: 'Lizenzen' },
  dvd: { one: 'DVD', other: 'DVDs' },
  additionalDvd: { one: 'zusätzliche DVD', other: 'zusätzliche DVDs' },
  entry: { one: 'Eintrag', other: 'Einträge' },
  /** A retention period on /datenschutz (decision 064). */
  day: { one: 'Tag', other: 'Tage' },
  year: { one: 'Jahr', other: 'Jahre' },
  /** What an erasure removes or keeps (decision 064), counted in its confirmation dialog. */
  unorderedSession: { one: 'nie bestellte Upgrade-Session', other: 'nie bestellte Upgrade-Sessions' },
  orderedSession: { one: 'bestellte Upgrade-Session', other: 'bestellte Upgrade-Sessions' },
  offerMail: { one: 'Angebotsmail', other: 'Angebotsmails' },
  mail: { one: 'Mail', other: 'Mails' },
  contactChange: { one: 'Kontaktänderung', other: 'Kontaktänderungen' },
  shopOrder: { one: 'Shop-Bestellung', other: 'Shop-Bestellungen' },
  mailRecord: { one: 'Versand-Aktion', other: 'Versand-Aktionen' },
  download: { one: 'Download', other: 'Downloads' },
  importedRow: { one: 'importierte Zeile', other: 'importierte Zeilen' },
  /** After „von”: „von 1 Befund eines Imports”, „von 3 Befunden von Importen”. */
  importFindingDative: { one: 'Befund eines Imports', other: 'Befunden von Importen' },
  /** After „in”: „in 1 Protokolleintrag”, „in 3 Protokolleinträgen”. */
  auditEntryDative: { one: 'Protokolleintrag', other: 'Protokolleinträgen' },
  /** After „von”: „von 1 deaktivierten Lizenz”, „von 3 deaktivierten Lizenzen”. */
  disabledLicenseDative: { one: 'deaktivierten Lizenz', other: 'deaktivierten Lizenzen' },
  invalidLine: { one: 'fehlerhafte Zeile', other: 'fehlerhafte Zeilen' },
  starterDocument: { one: 'Startdokument', other: 'Startdokumente' },
  licenseDocument: { one: 'Lizenzdokument', other: 'Lizenzdokumente' },
  offer: { one: 'Angebot', other: 'Angebote' },
  /** After „nach”: „nach 1 Versuch”, „nach 3 Versuchen”. */
  attemptDative: { one: 'Versuch', other: 'Versuchen' },
  /** What the back office's overview counts as needing attention. */
  failedOrderGeneration: {
    one: 'fehlgeschlagene Shop-Generierung',
    other: 'fehlgeschlagene Shop-Generierungen',
  },
  paidTwiceOrder: { one: 'Bestellung doppelt bezahlt?', other: 'Bestellungen doppelt bezahlt?' },
  amountDiffersOrder: {
    one: 'Bestellung mit abweichendem Betrag',
    other: 'Bestellungen mit abweichendem Betrag',
  },
  refundedActiveOrder: {
    one: 'erstattete Bestellung mit aktiven Lizenzen',
    other: 'erstattete Bestellungen mit aktiven Lizenzen',
  },
  failedDelivery: { one: 'fehlgeschlagene Versand-Aktion', other: 'fehlgeschlagene Versand-Aktionen' },
  deliveryInDoubt: {
    one: 'Versand-Aktion mit unklarem Ausgang',
    other: 'Versand-Aktionen mit unklarem Ausgang',
  },
  expiringOffer: { one: 'Angebot, das bald abläuft', other: 'Angebote, die bald ablaufen' },
} as const;
export type CountedNoun = keyof typeof COUNTED_NOUNS;

const PLURAL_RULES = new Intl.PluralRules('de-DE');

/** The noun's form for `count` things: „Arbeitsplatz” for 1, „Arbeitsplätze” for 0, 2, 1,5 … */
export function nounFor(count: number, noun: CountedNoun): string {
  return PLURAL_RULES.select(count) === 'one' ? COUNTED_NOUNS[noun].one : COUNTED_NOUNS[noun].other;
}

/**
 * A whole number in German digits („10.000”), written out: a page's first `toLocaleString` loads
 * the locale's number formats, about 15 ms (60 ms on a phone) in the middle of rendering
 * „Meine Lizenz”, whose seat count is its only formatted number (decision 054).
 */
function germanDigits(count: number): string {
  return Number.isSafeInteger(count) ? groupedDigits(count) : count.toLocaleString('de-DE');
}

/** A count with its noun, the count in German digits: „1 Arbeitsplatz”, „10.000 Arbeitsplätze”. */
export function counted(count: number, noun: CountedNoun): string {
  return `${germanDigits(count)} ${nounFor(count, noun)}`;
}
