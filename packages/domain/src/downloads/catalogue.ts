import { isReleasedVersion, type DownloadProduct, type LicenseVersion } from '../license/enums.ts';
import type { LicenseCapabilities } from '../license/capabilities.ts';

/** The platforms of the search product's one-click installer (customer spec §2). */
export const METASEARCH_PLATFORMS = [
  'windows',
  'windows-pro',
  'mac',
  'linux-ia32',
  'linux',
  'linux-deb',
  'linux-rpm',
] as const;
export type MetasearchPlatform = (typeof METASEARCH_PLATFORMS)[number];

/**
 * The products whose files the portal hands out, as staff publish them
 * (`npm run product -- publish <product> <version> [--platform p] <file>`) and the release
 * catalogue keeps them: the main product and its release notes per version, the search product's
 * installers (one per platform, and the multistep installer) and the server-installation guide.
 */
export const RELEASE_PRODUCTS = [
  'software-8',
  'software-9',
  'release-notes-8',
  'release-notes-9',
  'metasearch',
  'metasearch-multistep',
  'server-installation',
] as const;
export type ReleaseProduct = (typeof RELEASE_PRODUCTS)[number];

/** Only the search product's one-click installer comes in platforms. */
export function releaseHasPlatforms(product: ReleaseProduct): boolean {
  return product === 'metasearch';
}

/** The downloads of a license's own route, `GET /license/{id}/download/{product}/url`. */
export const LICENSE_DOWNLOADS = ['software', 'release-notes', 'server-installation'] as const;
export type LicenseDownload = (typeof LICENSE_DOWNLOADS)[number];

/** One thing a license holder can download. */
export type Download =
  | { product: LicenseDownload }
  | { product: 'metasearch'; platform: MetasearchPlatform }
  | { product: 'metasearch-multistep' };

/**
 * The catalogue entry a download serves: the main product and its notes follow the license's
 * version; null for a version the portal publishes none of (version 7, decision 061).
 */
export function releaseOf(
  download: Download,
  licenseVersion: LicenseVersion,
): { product: ReleaseProduct; platform: MetasearchPlatform | null } | null {
  switch (download.product) {
    case 'software':
      return isReleasedVersion(licenseVersion)
        ? { product: `software-${licenseVersion}`, platform: null }
        : null;
    case 'release-notes':
      return isReleasedVersion(licenseVersion)
        ? { product: `release-notes-${licenseVersion}`, platform: null }
        : null;
    case 'metasearch':
      return { product: 'metasearch', platform: download.platform };
    default:
      return { product: download.product, platform: null };
  }
}

/**
 * Whether the license's capabilities (spec §6) allow a download: the same answer for the download
 * area's cards and for the server, which refuses the link otherwise. The release notes come with
 * every download area.
 */
export function mayDownload(capabilities: LicenseCapabilities, download: Download): boolean {
  switch (download.product) {
    case 'software':
      return capabilities.mainDownload;
    case 'release-notes':
      return capabilities.releaseNotes;
    case 'server-installation':
      return capabilities.serverDocumentation;
    case 'metasearch':
      return capabilities.oneClickInstaller;
    case 'metasearch-multistep':
      return capabilities.multistepInstaller;
  }
}

/**
 * The license's download counter a download adds to, and the `object` of its download record
 * (back-office spec: the software or the search product). The release notes belong to the
 * software, the server-installation guide to the search product it installs.
 */
export function downloadCounter(download: Download): DownloadProduct {
  return download.product === 'software' || download.product === 'release-notes' ? 'software' : 'metasearch';
}
