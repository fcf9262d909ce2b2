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
