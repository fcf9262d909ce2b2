import {
  isReleasedVersion,
  type LicenseDelivery,
  type LicenseClass,
  type LicenseStatus,
  type LicenseVersion,
  type SpecialPermission,
} from './enums.ts';

export interface CapabilityInput {
  version: LicenseVersion;
  status: LicenseStatus;
  specialPermissions: readonly SpecialPermission[];
  properties: { class: LicenseClass; delivery: LicenseDelivery; size: number };
}

export interface LicenseCapabilities {
  serverDocumentation: boolean;
  multistepInstaller: boolean;
  oneClickInstaller: boolean;
  mainDownload: boolean;
  copyDownloadLink: boolean;
  /** The release notes of the license's version: published for the versions the portal serves. */
  releaseNotes: boolean;
  /** True when the download area has anything to offer (drives the navigation link and the page). */
  downloadArea: boolean;
}

/**
 * What a license lets its holder download (customer spec §6), derived from the license alone. The
 * navigation, the download area's cards and the server's refusal of a link all ask this one
 * function. Downloads need a bound license (DESIGN §5): while a license is unbound (or disabled)
 * it may download nothing, whatever its special permissions — the automatic `download` permission
 * of a download license takes effect once it is bound.
 */
export function licenseCapabilities(license: CapabilityInput): LicenseCapabilities {
  const bound = license.status === 'bound';
  const has = (permission: SpecialPermission) => license.specialPermissions.includes(permission);
  const isServer = license.properties.class === 'server';
  const serverDocumentation = bound && (isServer || has('metasearch-server-info'));
  const multistepInstaller =
    bound && license.version !== '9' && (isServer || has('metasearch-multistep-installer'));
  const oneClickInstaller =
    bound && (license.version === '9' || isServer || has('metasearch-oneclick-installer'));
  // Version 7 (imported, decision 061): the portal publishes no version 7 software; its search
  // product's installers follow the permissions as for version 8.
  const mainDownload =
    bound &&
    isReleasedVersion(license.version) &&
    (license.properties.delivery === 'download' || has('download'));
  // Handing the link to other workstations: only where there is a link and several seats to serve.
  const copyDownloadLink =
    mainDownload &&
    license.version === '9' &&
    license.properties.class === 'pro' &&
    license.properties.size > 1;
  const downloadArea = serverDocumentation || multistepInstaller || oneClickInstaller || mainDownload;
  return {
    serverDocumentation,
    multistepInstaller,
    oneClickInstaller,
    mainDownload,
    copyDownloadLink,
    releaseNotes: downloadArea && isReleasedVersion(license.version),
    downloadArea,
  };
}

/**
 * DVDs that belong to a license: version 9 stores the count; older versions derive it from
 * delivery and class (0 for download, 1 for single, else the size up to 5).
 */
export function effectiveDvdCount(license: {
  version: LicenseVersion;
  properties: { class: LicenseClass; delivery: LicenseDelivery; size: number; dvdCount: number | null };
}): number {
  if (license.version === '9') return license.properties.dvdCount ?? 0;
  if (license.properties.delivery === 'download') return 0;
  if (license.properties.class === 'single') return 1;
  return Math.min(license.properties.size, 5);
}
