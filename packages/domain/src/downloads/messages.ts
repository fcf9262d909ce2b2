import { productTitle } from '../product.ts';
import type { LicenseVersion, ReleasedVersion } from '../license/enums.ts';
import type { Download, MetasearchPlatform } from './catalogue.ts';
import { NOT_FOUND_MESSAGES } from '../http/errors.ts';
import { NO_CONNECTION_MESSAGE } from '../messages/common.ts';

export const METASEARCH_PLATFORM_LABELS: Record<MetasearchPlatform, string> = {
  windows: 'Windows',
  'windows-pro': 'Windows (Pro-Installer für Netzwerke)',
  mac: 'macOS',
  'linux-ia32': 'Linux (32 Bit)',
  linux: 'Linux (64 Bit)',
  'linux-deb': 'Linux (DEB-Paket)',
  'linux-rpm': 'Linux (RPM-Paket)',
};

/** The download area's cards, as the capabilities of spec §6 grant them. */
export const DOWNLOAD_CARD_TITLES = {
  mainDownload: 'Download der Software',
  oneClickInstaller: 'One-Click-Installer der Suchsoftware',
  multistepInstaller: 'Mehrstufiger Installer der Suchsoftware',
  serverDocumentation: 'Anleitung zur Server-Installation (PDF)',
  releaseNotes: 'Versionshinweise',
} as const;

/** Download sizes of the main product as the spec states them (§2, §9). */
const MAIN_DOWNLOAD_SIZES: Record<ReleasedVersion, string> = { '8': '1,6 GB', '9': '1,97 GB' };

/** The download area's texts (customer spec §2, §8). */
export const downloadMessages = {
  /** Shown only where the main product may be downloaded: never for version 7 (decision 061). */
  mainDescription: (version: LicenseVersion) =>
    version === '9'
      ? `${productTitle(version)} mit rund 17.000 Symbolen für Windows und macOS. Der Download ist rund ${MAIN_DOWNLOAD_SIZES[version]} groß.`
      : `${productTitle(version)} mit über 10.000 Symbolen für Windows.${version === '8' ? ` Der Download ist rund ${MAIN_DOWNLOAD_SIZES[version]} groß.` : ''}`,
  oneClickDescription: 'Installiert die Suchsoftware mit einem Klick – wählen Sie Ihr Betriebssystem.',
  multistepDescription:
    'Installiert die Suchsoftware Schritt für Schritt, etwa für Rechner ohne Internetverbindung.',
  serverDescription: 'Wie Sie die Suchsoftware auf einem Server für Ihr Netzwerk einrichten.',
  releaseNotesDescription: 'Was sich in der aktuellen Version geändert hat.',
  generateLink: 'Download-Link erzeugen',
  download: 'Herunterladen',
  copyLink: 'Link kopieren',
  linkValidity: 'Der Link ist 24 Stunden gültig.',
  latestVersion: (version: string) => `Aktuelle Version: ${version}`,
  notPublished: 'Noch nicht verfügbar',
  copySuccess: 'Download-Link in Zwischenablage kopiert',
  copyFailure: 'Fehler beim Kopieren des Download-Links',
  copyFallback: 'Bitte kopieren Sie den Link aus diesem Feld:',
  errorTitle: 'Fehler beim Abrufen des Download-Links:',
  searchLinkToastTitle: 'Download Link konnte nicht abgerufen werden',
  forbidden: (product: string) => `Fehlende Berechtigung zum Download von ${product}.`,
  /** The file route's answers (403) to a link past its 24 hours, and to a forged or altered one. */
  linkExpired: 'Der Download-Link ist abgelaufen. Bitte erzeugen Sie im Download-Bereich einen neuen Link.',
  linkInvalid: 'Der Download-Link ist ungültig.',
  internalError: 'Beim Abrufen des Links ist ein interner Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  unknownError: (serverMessage: string, supportEmail: string) =>
    `Ein unbekannter Fehler ist aufgetreten: ${serverMessage} Bitte wenden Sie sich an ${supportEmail}.`,
  notPublishedError: NOT_FOUND_MESSAGES.release,
  /** A card's button that opens its dialog: „Download der Software öffnen”. */
  openCard: (title: string) => `${title} öffnen`,
} as const;

/**
 * Version 8 comes as an archive (spec §2): the main download's dialog has the tabs Herunterladen,
 * Entpacken, Installieren, each with its steps.
 */
export const archiveInstallMessages = {
  download: downloadMessages.download,
  unpack: 'Entpacken',
  install: 'Installieren',
  unpackSteps: [
    'Öffnen Sie den Ordner, in dem Ihr Browser die heruntergeladene ZIP-Datei gespeichert hat.',
    'Klicken Sie mit der rechten Maustaste auf die Datei und wählen Sie „Alle extrahieren …“.',
    'Wählen Sie einen Zielordner und bestätigen Sie mit „Extrahieren“.',
  ],
  installSteps: [
    'Öffnen Sie den entpackten Ordner und starten Sie „Setup.exe“.',
    'Folgen Sie dem Installationsassistenten.',
    'Geben Sie beim ersten Start Ihren Lizenzschlüssel und den Namen des Lizenznehmers genau wie im Lizenzdokument ein.',
  ],
} as const;

/** What a download is called in texts, e.g. in „Fehlende Berechtigung zum Download von …”. */
export function downloadTitle(download: Download, licenseVersion: LicenseVersion): string {
  switch (download.product) {
    case 'software':
      return productTitle(licenseVersion);
    case 'release-notes':
      return `${DOWNLOAD_CARD_TITLES.releaseNotes} zu ${productTitle(licenseVersion)}`;
    case 'server-installation':
      return DOWNLOAD_CARD_TITLES.serverDocumentation;
    case 'metasearch':
      return `${DOWNLOAD_CARD_TITLES.oneClickInstaller} (${METASEARCH_PLATFORM_LABELS[download.platform]})`;
    case 'metasearch-multistep':
      return DOWNLOAD_CARD_TITLES.multistepInstaller;
  }
}

/**
 * The download-link error catalogue (spec §8) by HTTP status (`null`: no answer arrived): 403 names
 * what may not be downloaded, 5xx is an internal error, anything else repeats the server's message
 * and names the support address.
 */
export function downloadLinkErrorMessage(
  status: number | null,
  context: { product: string; serverMessage: string; supportEmail: string },
): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status === 403) return downloadMessages.forbidden(context.product);
  if (status >= 500) return downloadMessages.internalError;
  return downloadMessages.unknownError(context.serverMessage, context.supportEmail);
}
