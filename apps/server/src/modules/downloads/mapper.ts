import type { DownloadRecord, MetasearchPlatform, ReleaseProduct } from '@lizenzportal/domain';
import type { DownloadRow, LicenseRow } from '../../db/schema.ts';
import { toLicense } from '../licenses/index.ts';

/** A record of the download log as the API shows it, with its license's holder and counts. */
export function toDownloadRecord(row: DownloadRow, licenseRow: LicenseRow): DownloadRecord {
  const license = toLicense(licenseRow);
  return {
    _id: row.id,
    object: row.object,
    // The columns hold what the release catalogue held when the link was issued (decision 014).
    product: row.product as ReleaseProduct,
    platform: row.platform as MetasearchPlatform | null,
    version: row.version,
    size: row.size,
    bytesSent: row.bytes_sent,
    completedAt: row.completed_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    license: {
      _id: license._id,
      key: license.key,
      version: license.version,
      status: license.status,
      holder: license.holder,
      downloads: license.downloads,
    },
  };
}
