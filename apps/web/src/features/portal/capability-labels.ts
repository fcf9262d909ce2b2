import { licenseCapabilities, type License, type LicenseCapabilities } from '@lizenzportal/domain';

type Download = Exclude<keyof LicenseCapabilities, 'downloadArea' | 'copyDownloadLink'>;

const DOWNLOAD_LABELS: Record<Download, string> = {
  mainDownload: 'Download der Software',
  oneClickInstaller: 'One-Click-Installer der Suchsoftware',
  multistepInstaller: 'Mehrstufiger Installer der Suchsoftware',
  serverDocumentation: 'Anleitung zur Server-Installation (PDF)',
};

/** The downloads a license grants, in the order the download area lists them. */
export function grantedDownloads(license: License): { key: Download; label: string }[] {
  const capabilities = licenseCapabilities(license);
  return (Object.keys(DOWNLOAD_LABELS) as Download[])
    .filter((key) => capabilities[key])
    .map((key) => ({ key, label: DOWNLOAD_LABELS[key] }));
}
