import { PORTAL_NAME } from './common.ts';

/**
 * The pages' titles as the route table gives them: each page's main heading and, with the
 * portal's name, its browser tab.
 */
export const pageTitles = {
  login: 'Anmeldung',
  myLicense: 'Meine Lizenz',
  adminLogin: 'Anmeldung Verwaltung',
  imprint: 'Impressum',
  privacy: 'Datenschutz',
  help: 'Hilfe',
  recovery: 'Lizenzdokument erneut zusenden',
  contactConfirmation: 'Neue Kontaktdaten bestätigen',
  download: 'Download',
  terms: 'Nutzungsbedingungen',
  notFound: 'Seite nicht gefunden',
  shopDemo: 'Shop-Demo',
  assistant: 'Lizenz-Assistent',
  /** The back office's first page (`/backend`): what needs attention, and the figures. */
  overview: 'Übersicht',
  licenses: 'Alle Lizenzen',
  createLicenses: 'Neue Lizenz(en) anlegen',
  importLicenses: 'Lizenzen importieren',
  license: (id: string) => `Details der Lizenz ${id}`,
  orderGenerations: 'Alle Shop-Generierungen',
  orderGeneration: 'Shop-Generierung',
  deliveries: 'Alle Versand-Aktionen',
  delivery: 'Versand-Aktion',
  upgradeSessions: 'Alle Upgrade-Sessions',
  upgradeSession: 'Upgrade-Session',
  downloads: 'Alle Downloads',
  /** „Auskunft” and erasure of one person's data (Art. 15 and 17 GDPR). */
  personalData: 'Auskunft über gespeicherte Daten',
  /** The browser tab of the page shown when a page fails to render. */
  error: 'Fehler',
} as const;

/** The bars above and below every page: the portal's name, the navigations, sign-out, skip link. */
export const navigationMessages = {
  portal: PORTAL_NAME,
  backOffice: `${PORTAL_NAME} · Verwaltung`,
  /** The navigations' landmarks. */
  backOfficeNavigation: 'Verwaltung',
  licenseNavigation: 'Lizenz',
  legalNavigation: 'Rechtliches',
  /** The back office's navigation: its first page, then one entry per list. */
  overview: pageTitles.overview,
  licenses: 'Lizenzen',
  orderGenerations: 'Shop-Generierungen',
  deliveries: 'Versand-Aktionen',
  upgradeSessions: 'Upgrade-Sessions',
  downloads: 'Downloads',
  personalData: 'Auskunft',
  /** The customer's navigation, named like the pages it leads to. */
  myLicense: pageTitles.myLicense,
  download: pageTitles.download,
  terms: pageTitles.terms,
  /** The footer's links. */
  privacy: pageTitles.privacy,
  imprint: pageTitles.imprint,
  shop: 'Shop',
  skipToContent: 'Zum Inhalt springen',
  signOut: 'Abmelden',
  /** The sign-out button's name: who is signed out („Muster GmbH abmelden”). */
  signOutOf: (session: string) => `${session} abmelden`,
} as const;

/** The pages shown instead of one that does not exist or failed to render. */
export const errorPageMessages = {
  notFound:
    'Diese Adresse gibt es im Lizenzportal nicht. Vielleicht ist der Link veraltet oder unvollständig.',
  toHome: 'Zur Startseite',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten',
  reloadAdvice:
    'Bitte laden Sie die Seite neu. Besteht das Problem weiter, wenden Sie sich bitte an den Support.',
  reload: 'Seite neu laden',
} as const;
