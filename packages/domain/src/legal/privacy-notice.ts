import { counted } from '../messages/plurals.ts';

/** How long the portal keeps what, in days, as configured (`RETENTION_*`; the settings carry them). */
export interface PrivacyNoticePeriods {
  offerDays: number;
  mailTextDays: number;
  auditDays: number;
}

/** A period in days as the notice says it: whole years as years („6 Jahre”), else days („90 Tage”). */
export function retentionPeriod(days: number): string {
  return days % 365 === 0 ? counted(days / 365, 'year') : counted(days, 'day');
}

/**
 * `/datenschutz`: what the portal stores and why – and what it does not do. Legal content, kept
 * whole here (not screen wording): the page only lays it out and fills in the vendor and the
 * support address from the server's settings.
 */
export const privacyNotice = {
  responsible: {
    title: 'Verantwortlich',
    /** Until the settings name the vendor. */
    vendorUnknown: 'Der Anbieter dieses Portals (siehe Impressum)',
  },
  stored: {
    title: 'Welche Daten das Portal speichert',
    items: [
      'Die Daten Ihrer Lizenz (Lizenzschlüssel, Startcode, Version, Art und Umfang) und – sobald die Lizenz gebunden ist – die Angaben zum Lizenznehmer: Name, E-Mail-Adresse und bei Organisationen der Ansprechpartner. Wir benötigen sie, um Ihre Lizenz zu verwalten, Ihnen Lizenzdokumente zu senden und Ihnen den Download der Software zu ermöglichen.',
      'Im lokalen Speicher Ihres Browsers: nach der Anmeldung ein Anmelde-Token (bis Sie sich abmelden oder es abläuft) und die Information, dass Sie den Hinweis zur Speicherung bestätigt haben.',
    ],
  },
  /**
   * The periods of decision 064 (docs/privacy.md), in the customer's words, with the ones this
   * portal is configured with (`RETENTION_*`, from the settings).
   */
  periods: {
    title: 'Wie lange wir Daten speichern',
    items: ({ offerDays, mailTextDays, auditDays }: PrivacyNoticePeriods) => [
      'Lizenzen, Lizenznehmer, bestellte Upgrades, Shop-Bestellungen, Downloads und der Nachweis gesendeter Mails: solange die Lizenz besteht (Vertrag; Aufbewahrungspflichten nach § 257 HGB und § 147 AO).',
      `Rechnungs-, Liefer- und Lizenznehmerdaten eines Angebots, das nicht bestellt wurde, mit dem Angebots-PDF und der Angebotsmail: ${retentionPeriod(offerDays)} nach Ablauf des Angebots.`,
      `Der Text gesendeter Mails: ${retentionPeriod(mailTextDays)}; Empfänger, Betreff und Status bleiben als Nachweis.`,
      `Protokolleinträge über Änderungen an einer Lizenz: ${retentionPeriod(auditDays)} (§ 257 HGB).`,
      'Angefragte Kontaktänderungen: 7 Tage, nachdem der Bestätigungslink benutzt wurde oder abgelaufen ist.',
      'Zähler gegen das Erraten von Zugangsdaten: bis zu 365 Tage, nur unter einem Pseudonym statt Ihrer IP-Adresse; Zähler für Angebotsmails mit der IP-Adresse: 24 Stunden.',
    ],
  },
  notDone: {
    title: 'Was das Portal nicht tut',
    text: 'Das Portal verwendet keine Cookies zu Werbe- oder Analysezwecken, bindet keine Dienste Dritter ein und verfolgt Ihr Verhalten nicht (kein Tracking).',
  },
  rights: {
    title: 'Ihre Rechte',
    /** Followed by the support address and a full stop. */
    text: 'Sie können Auskunft über Ihre gespeicherten Daten, deren Berichtigung oder Löschung verlangen. Schreiben Sie uns dazu an',
  },
} as const;
