import type { CalendarDay } from './calendar.ts';
import type { CountedNoun } from '../messages/plurals.ts';
import type { Granularity, OverviewPeriod } from './periods.ts';
import { filterDate, isoWeek } from './calendar.ts';

/** „pro Woche”: what one bar of a chart stands for, by the period's granularity. */
const PER: Record<Granularity, string> = { day: 'pro Tag', week: 'pro Woche', month: 'pro Monat' };

const monthName = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthName = new Intl.DateTimeFormat('de-DE', { month: 'short', year: '2-digit', timeZone: 'UTC' });
const atNoonUtc = (day: CalendarDay) => new Date(`${day}T12:00:00Z`);

/** The back office's first page („Übersicht”): what needs attention, and the figures. */
export const overviewMessages = {
  attention: {
    title: 'Braucht Aufmerksamkeit',
    loadFailed: 'Fehler beim Abrufen der offenen Punkte',
    allWell: 'Alles in Ordnung',
    allWellText:
      'Keine fehlgeschlagene oder doppelt bezahlte Shop-Generierung, kein abweichender Betrag, keine erstattete Bestellung mit aktiven Lizenzen, kein fehlgeschlagener oder unklarer Versand und kein Angebot, das in den nächsten 7 Tagen abläuft.',
    /** Each count's noun (`counted`), and what the list it opens is for. */
    items: {
      failedOrderGenerations: {
        noun: 'failedOrderGeneration',
        hint: 'Grund ansehen, beheben und „Erneut versuchen”.',
      },
      paidTwice: {
        noun: 'paidTwiceOrder',
        hint: '„Doppelt bezahlt?”: Die Upgrade-Session war schon bestellt; nichts geliefert, Zahlung prüfen und erstatten.',
      },
      amountDiffers: {
        noun: 'amountDiffersOrder',
        hint: '„Betrag weicht ab”: Bezahlt und Preis laut Portal vergleichen; geliefert wurde.',
      },
      refundedActive: {
        noun: 'refundedActiveOrder',
        hint: '„Erstattet, Lizenzen noch aktiv”: Der Shop hat Geld erstattet oder storniert; entscheiden, ob die Bestellung rückabgewickelt wird.',
      },
      failedDeliveries: { noun: 'failedDelivery', hint: 'Noch nicht erneut gesendet.' },
      deliveriesInDoubt: {
        noun: 'deliveryInDoubt',
        hint: 'Übergabe an den Mailserver unterbrochen: beim Empfänger nachfragen oder erneut senden.',
      },
      expiringOffers: {
        noun: 'expiringOffer',
        hint: 'Gültig bis höchstens in 7 Tagen und noch nicht bestellt.',
      },
    } satisfies Record<string, { noun: CountedNoun; hint: string }>,
  },
  figures: {
    title: 'Kennzahlen',
    period: 'Zeitraum',
    periods: { '4w': '4 Wochen', '26w': '26 Wochen', '12m': '12 Monate' } satisfies Record<
      OverviewPeriod,
      string
    >,
    chart: 'Diagramm',
    table: 'Tabelle',
    /** Said instead of the chart, whose values only the table tab gives screen readers. */
    chartForScreenReaders: 'Die Werte stehen im Reiter „Tabelle”.',
    loadFailed: (title: string) => `Fehler beim Abrufen von „${title}”`,
    empty: 'Im Zeitraum gibt es hierzu keine Zahlen.',
    total: 'Summe',
    /** What the values beside the legend are: the period's sums, or the levels of today. */
    sums: 'Summe im Zeitraum',
    levels: 'Stand heute',
    /** A rate that has nothing to divide by (no offers made in a month). */
    noRate: '–',
    bucketHeader: { day: 'Tag', week: 'Woche', month: 'Monat' } satisfies Record<Granularity, string>,
    titles: {
      orders: (granularity: Granularity) => `Bestellungen ${PER[granularity]}`,
      revenue: (granularity: Granularity) => `Umsatz (netto) ${PER[granularity]}`,
      campaign: () => 'Update-Kampagne auf Version 9',
      offers: (granularity: Granularity) => `Angebote ${PER[granularity]}`,
      licenses: (granularity: Granularity) => `Neue Lizenzen ${PER[granularity]}`,
      downloads: (granularity: Granularity) => `Downloads ${PER[granularity]}`,
    },
    descriptions: {
      orders: 'Bezahlte Shop-Bestellungen, die das Portal verarbeitet hat, nach Art des Kaufs.',
      revenue:
        'Netto-Summen der bezahlten Shop-Bestellungen, die das Portal verarbeitet hat: Bestellungen ohne Produkt des Portals erreichen es nicht und zählen nicht; Erstattungen und Stornos nach der Zahlung sind am Tag der Erstattung abgezogen.',
      campaign:
        'Lizenzen der Version 8, die noch auf ihr Update warten, und solche, die auf Version 9 aktualisiert wurden, jeweils am Ende des Zeitraums. Deaktivierte Lizenzen ohne Update zählen nicht.',
      offers:
        'Angebote nach dem Zeitraum, in dem sie erstellt wurden, und was bisher daraus wurde. Umwandlung: bestellte je erstellte Angebote.',
      licenses: 'Alle angelegten Lizenzen (aus dem Shop und von Hand) nach Lizenzklasse.',
      downloads: 'Angeforderte Download-Links nach Objekt.',
    },
    series: {
      revenue: 'Umsatz (netto)',
      waiting: 'Warten auf Update',
      updated: 'Auf Version 9 aktualisiert',
      share: 'Anteil aktualisiert',
      created: 'Erstellt',
      ordered: 'Bestellt',
      expired: 'Abgelaufen',
      conversion: 'Umwandlung',
    },
  },
} as const;

/** A bucket as the table names it: „02.03.26”, „KW 10 (02.03.–08.03.26)”, „März 2026”. */
export function bucketLabel(start: CalendarDay, end: CalendarDay, granularity: Granularity): string {
  if (granularity === 'day') return filterDate(start);
  if (granularity === 'month') return monthName.format(atNoonUtc(start));
  return `KW ${isoWeek(start)} (${filterDate(start).slice(0, 6)}–${filterDate(end)})`;
}

/** A bucket as a chart's axis names it, short: „02.03.”, „KW 10”, „März 26”. */
export function bucketAxisLabel(start: CalendarDay, granularity: Granularity): string {
  if (granularity === 'day') return filterDate(start).slice(0, 6);
  if (granularity === 'month') return shortMonthName.format(atNoonUtc(start));
  return `KW ${isoWeek(start)}`;
}
