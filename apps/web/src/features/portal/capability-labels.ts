import {
  DOWNLOAD_CARD_TITLES,
  licenseCapabilities,
  type License,
  type LicenseCapabilities,
} from '@lizenzportal/domain';

type Download = Exclude<keyof LicenseCapabilities, 'downloadArea' | 'copyDownloadLink' | 'releaseNotes'>;

/** The order in which the download area lists what a license may download. */
const DOWNLOADS: readonly Download[] = [
  'mainDownload',
  'oneClickInstaller',
  'multistepInstaller',
  'serverDocumentation',
];

/** The downloads a license grants, in the order the download area lists them. */
export function grantedDownloads(license: License): { key: Download; label: string }[] {
  const capabilities = licenseCapabilities(license);
  return DOWNLOADS.filter((key) => capabilities[key]).map((key) => ({
    key,
    label: DOWNLOAD_CARD_TITLES[key],
  }));
}
