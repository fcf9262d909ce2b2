import { licenseVersion, NO_CONNECTION_MESSAGE, SERVER_ERROR_TRY_LATER } from './common.ts';

/** „Meine Lizenz” (customer spec §2): how a license is named, and the notices around its box. */
export const portalMessages = {
  /** „Pro-Lizenz · Version 9”: how the overview names a license. */
  licenseShortName: (licenseClass: string, version: string) => `${licenseClass} · ${licenseVersion(version)}`,
  /** A version 9 license's holder type before binding. */
  holderTypeNotSet: 'Noch nicht festgelegt',
  unboundTitle: 'Ihre Lizenz ist noch nicht gebunden',
  unboundText:
    'Bevor Sie die Software herunterladen und nutzen können, wird die Lizenz einmalig an den Lizenznehmer – eine Person oder eine Organisation – gebunden. Füllen Sie dazu das folgende Formular aus.',
  boundTitle: 'Ihre Lizenz ist gebunden',
  /** A download license, bound. */
  thanks: 'Vielen Dank, dass Sie Ihre Lizenz registriert haben!',
  readyForDownload: 'Die Software steht Ihnen im Download-Bereich zum Herunterladen bereit.',
  /** A DVD license, bound. */
  deliveredOnDvd:
    'Ihre Lizenz wurde auf DVD ausgeliefert. Eine DVD-Lizenz enthält kein Download-Recht, erleichtert Ihnen aber spätere Updates.',
  /** Said right after a binding, for either kind of delivery. */
  documentMailed:
    'Wir haben Ihnen das aktualisierte Lizenzdokument (PDF) mit dem Namen des Lizenznehmers per E-Mail gesendet.',
  /** The heading of the list of granted downloads; „Außerdem” beside the main download. */
  grantedDownloads: 'Für Ihre Lizenz freigeschaltet:',
  alsoGranted: 'Außerdem freigeschaltet:',
  toDownloadArea: 'Zum Download-Bereich',
  /** Shown to version 8 licenses: version 9 is available as an update in the shop. */
  upgradeTitle: 'Jetzt auf Version 9 umsteigen',
  upgradeText:
    'Version 9 bietet rund 17.000 Symbole – deutlich mehr als die über 10.000 Symbole von Version 8. Als Inhaber einer Lizenz der Version 8 erhalten Sie Version 9 zum günstigen Update-Preis.',
  toShop: 'Zum Shop',
  /** The error box's title when the own starter or license document cannot be had. */
  documentFailedTitle: 'Das Dokument konnte nicht geöffnet werden',
} as const;

/**
 * Why the own document cannot be had, by the failed call's status (`null`: no answer): the API's
 * own words for a refusal (404: „Für diese Lizenz wurde noch kein Lizenzdokument erzeugt.”).
 */
export function holderDocumentErrorMessage(status: number | null, serverMessage: string): string {
  if (status === null) return NO_CONNECTION_MESSAGE;
  if (status >= 500) return SERVER_ERROR_TRY_LATER;
  return serverMessage;
}

/** The terms of use around their text (`legal/terms-of-use.ts`): `/terms` and the download area's start. */
export const termsMessages = {
  forVersion: (version: string) => `Nutzungsbedingungen für Version ${version}`,
  accept: 'Ich habe die Nutzungsbedingungen gelesen und akzeptiere sie.',
  /** What „Weiter” still waits for (its note names the checkbox by this). */
  acceptance: 'Zustimmung zu den Nutzungsbedingungen',
} as const;
