import type { LicenseDownload, MetasearchPlatform } from '@lizenzportal/domain';
import { apiRequest } from '@/lib/api';

/** The latest versions of the search product's installers (`null`: nothing published yet). */
export interface LatestVersions {
  version: string | null;
  platforms: Record<MetasearchPlatform, string | null>;
  multistep: string | null;
}

const urlOf = (answer: { url: string }) => answer.url;

/** A signed link to the main product, its release notes or the server guide of the own license. */
export function fetchLicenseDownloadUrl(licenseId: string, product: LicenseDownload): Promise<string> {
  return apiRequest<{ url: string }>(
    `/license/${encodeURIComponent(licenseId)}/download/${product}/url`,
  ).then(urlOf);
}

/** A signed link to the search product's one-click installer of a platform. */
export function fetchPlatformDownloadUrl(platform: MetasearchPlatform): Promise<string> {
  return apiRequest<{ url: string }>(`/product/metasearch/platform/${platform}/download-link`).then(urlOf);
}

/** A signed link to the search product's multistep installer. */
export function fetchMultistepDownloadUrl(): Promise<string> {
  return apiRequest<{ url: string }>('/product/metasearch/extra/multistep/download-link').then(urlOf);
}

export function fetchLatestVersions(signal?: AbortSignal): Promise<LatestVersions> {
  return apiRequest<LatestVersions>('/product/metasearch/latest-version', { signal });
}
