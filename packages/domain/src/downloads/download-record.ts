import { z } from 'zod';
import { DOWNLOAD_PRODUCTS, type DownloadProduct } from '../license/enums.ts';
import { licenseSchema } from '../license/schema.ts';
import { onFirstUse } from '../formats/on-first-use.ts';
import { DOWNLOAD_CARD_TITLES } from './messages.ts';
import { productTitle } from '../product.ts';
import { METASEARCH_PLATFORMS, RELEASE_PRODUCTS, type ReleaseProduct } from './catalogue.ts';

/**
 * A record of the download log as the API returns it (back-office spec §3 "Download record"):
 * what was downloaded (the counter it added to, the release's product, platform and version), how
 * much of it the file route sent, and the license with its holder and download counts.
 */
export const downloadRecordSchema = onFirstUse(() =>
  z.object({
    _id: z.uuid(),
    object: z.enum(DOWNLOAD_PRODUCTS),
    product: z.enum(RELEASE_PRODUCTS),
    platform: z.enum(METASEARCH_PLATFORMS).nullable(),
    version: z.string(),
    /** Bytes of the file, and what the file route sent for this link (resumed downloads add up). */
    size: z.number(),
    bytesSent: z.number(),
    /** When a response carried the file's last byte; null while it was never loaded to the end. */
    completedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    license: licenseSchema().pick({
      _id: true,
      key: true,
      version: true,
      status: true,
      holder: true,
      downloads: true,
    }),
  }),
);
export type DownloadRecord = z.infer<ReturnType<typeof downloadRecordSchema>>;

/** The download log's `object`: the license counter a download added to. */
export const DOWNLOAD_OBJECT_LABELS: Record<DownloadProduct, string> = {
  software: 'Software',
  metasearch: 'metasearch',
};

/** What each release product is called in the back office, with the download area's titles. */
export const RELEASE_PRODUCT_LABELS: Record<ReleaseProduct, string> = {
  'software-8': productTitle('8'),
  'software-9': productTitle('9'),
  'release-notes-8': `${DOWNLOAD_CARD_TITLES.releaseNotes} zu ${productTitle('8')}`,
  'release-notes-9': `${DOWNLOAD_CARD_TITLES.releaseNotes} zu ${productTitle('9')}`,
  metasearch: DOWNLOAD_CARD_TITLES.oneClickInstaller,
  'metasearch-multistep': DOWNLOAD_CARD_TITLES.multistepInstaller,
  'server-installation': DOWNLOAD_CARD_TITLES.serverDocumentation,
};

const fileSize = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** A file size as the back office shows it: `1,9 GB`, `512 kB`, `80 B`. */
export function formatFileSize(bytes: number): string {
  const units = [
    [1e9, 'GB'],
    [1e6, 'MB'],
    [1e3, 'kB'],
  ] as const;
  const [factor, unit] = units.find(([factor]) => bytes >= factor) ?? [1, 'B'];
  return `${fileSize.format(bytes / factor)} ${unit}`;
}

/** The download log's texts (`/backend/download`). */
export const downloadLogMessages = {
  /** A row of the log for screen readers: „Software für ABCD-…”. */
  rowLabel: (product: string, licenseKey: string) => `${product} für ${licenseKey}`,
  /** What the file route sent for a link, of the file's size (resumed downloads add up). */
  transferred: (record: Pick<DownloadRecord, 'bytesSent' | 'size'>) =>
    `${formatFileSize(record.bytesSent)} von ${formatFileSize(record.size)}`,
  completed: 'Vollständig geladen',
  notStarted: 'Nicht abgerufen',
  /** The license detail's link to the log filtered on the license. */
  licenseDownloads: 'Download-Protokoll der Lizenz',
  openLicense: 'Lizenz öffnen',
  transferredLabel: 'Übertragen',
} as const;
