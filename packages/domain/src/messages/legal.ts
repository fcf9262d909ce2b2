/** The storage notice every portal page shows until it is accepted (never inside the shop's iframe). */
export const cookieBannerMessages = {
  region: 'Hinweis zur Speicherung',
  text: 'Dieses Portal speichert nur, was es zum Funktionieren braucht: Ihre Anmeldung und diesen Hinweis, im lokalen Speicher Ihres Browsers. Es gibt keine Werbung und kein Tracking.',
  privacyLink: 'Mehr zum Datenschutz',
  accept: 'Verstanden',
} as const;

/** `/imprint.html`: its headings around the vendor's data from the server's settings. */
export const imprintMessages = {
  loadFailed: 'Das Impressum konnte nicht geladen werden',
  vendor: 'Anbieter',
  contact: 'Kontakt',
  email: 'E-Mail:',
} as const;

/** Who to write to, in words, while the settings with the support address are not loaded. */
export const SUPPORT_IN_WORDS = 'unseren Support';
