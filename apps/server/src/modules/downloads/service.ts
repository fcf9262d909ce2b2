import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  downloadCounter,
  downloadMessages,
  downloadTitle,
  licenseCapabilities,
  mayDownload,
  METASEARCH_PLATFORMS,
  releaseOf,
  type Download,
  type DownloadRecord,
  type MetasearchPlatform,
} from '@lizenzportal/domain';
import type { DB, LicenseRow } from '../../db/schema.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import type { ListPage } from '../../lists/list-page.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import type { FileUrlSigner, SignedFileQuery } from '../../lib/signed-urls.ts';
import { FileNotFoundError, type FileStorage } from '../../lib/storage/file-storage.ts';
import type { Principal } from '../../http/principal.ts';
import { type LicenseService, toLicense } from '../licenses/index.ts';
import { toDownloadRecord } from './mapper.ts';
import type { ProductReleases } from './releases.ts';
import { DownloadRepository } from './repository.ts';

/** The file route of download links, below the API prefix. */
export const DOWNLOAD_FILE_ROUTE = '/download/file';
/** A 2 GB download over a slow school line may be paused and resumed: links hold a day. */
export const DOWNLOAD_LINK_SECONDS = 24 * 60 * 60;

/** The latest versions the download area shows (`GET /product/metasearch/latest-version`). */
export interface LatestVersions {
  /** The search product's latest one-click installer version over all platforms. */
  version: string | null;
  platforms: Record<MetasearchPlatform, string | null>;
  multistep: string | null;
}

export interface DownloadServiceDependencies {
  db: Kysely<DB>;
  /** Counts each download on its license. */
  licenses: LicenseService;
  releases: ProductReleases;
  storage: FileStorage;
  urls: FileUrlSigner;
}

/**
 * The download area's server side (customer spec §2, §6–§8): signed short-lived links to the
 * latest release of what a license may download, each recorded in the download log and counted
 * on the license, and the file behind a link, streamed with ranges.
 */
export class DownloadService {
  readonly #db: Kysely<DB>;
  readonly #licenses: LicenseService;
  readonly #releases: ProductReleases;
  readonly #repository: DownloadRepository;
  readonly #storage: FileStorage;
  readonly #urls: FileUrlSigner;

  constructor(dependencies: DownloadServiceDependencies) {
    this.#db = dependencies.db;
    this.#licenses = dependencies.licenses;
    this.#releases = dependencies.releases;
    this.#repository = new DownloadRepository(dependencies.db);
    this.#storage = dependencies.storage;
    this.#urls = dependencies.urls;
  }

  /**
   * A signed link to the latest release of a download, for the signed-in license user's own
   * license: 403 with the catalogue's text when the license may not download it (unbound,
   * missing capability), 404 when nothing is published yet. The link is recorded and counted.
   */
  async link(principal: Principal, download: Download, licenseId?: string): Promise<string> {
    if (principal.type === 'admin' && licenseId === undefined && download.product.startsWith('metasearch')) {
      // Staff check the search product's installers: a link, but no license to record it for.
      const target = releaseOf(download, '9');
      const release = target && (await this.#releases.latest(target.product, target.platform));
      if (!release) throw notFound('release');
      return this.#urls.sign({ key: release.file_key, name: release.file_name });
    }
    const license = ownLicense(principal, licenseId);
    const version = license.version;
    if (!mayDownload(licenseCapabilities(toLicense(license)), download)) {
      throw new AppError('FORBIDDEN', downloadMessages.forbidden(downloadTitle(download, version)));
    }
    const target = releaseOf(download, version);
    const release = target && (await this.#releases.latest(target.product, target.platform));
    if (!release) throw notFound('release');
    const object = downloadCounter(download);
    const record = await this.#db.transaction().execute(async (transaction) => {
      const row = await this.#repository.record(transaction, { licenseId: license.id, object, release });
      await this.#licenses.countDownload(license.id, object, transaction);
      return row;
    });
    return this.#urls.sign({ key: release.file_key, name: release.file_name, record: record.id });
  }

  /** A page of the download log (`GET /download`, admin), each record with its license. */
  async list(request: ListRequest): Promise<ListPage<DownloadRecord>> {
    const { rows, ...total } = await this.#repository.list(request);
    const licenses = new Map(
      (await this.#repository.licensesOf(rows.map((row) => row.license))).map((license) => [
        license.id,
        license,
      ]),
    );
    // A license's records go with it (`on delete cascade`), so every record finds its license.
    return { rows: rows.map((row) => toDownloadRecord(row, licenses.get(row.license)!)), ...total };
  }

  /** The latest versions of the search product's installers (any signed-in user). */
  async latestVersions(): Promise<LatestVersions> {
    const releases = await this.#releases.latestOfEach();
    const platforms = Object.fromEntries(METASEARCH_PLATFORMS.map((platform) => [platform, null])) as Record<
      MetasearchPlatform,
      string | null
    >;
    let newest: { version: string; at: number } | null = null;
    for (const release of releases) {
      if (release.product === 'metasearch' && release.platform) {
        platforms[release.platform as MetasearchPlatform] = release.version;
        const at = release.published_at.getTime();
        if (!newest || at > newest.at) newest = { version: release.version, at };
      }
    }
    const multistep = releases.find((release) => release.product === 'metasearch-multistep');
    return { version: newest?.version ?? null, platforms, multistep: multistep?.version ?? null };
  }

  /**
   * The file behind a signed link: 403 for a forged or expired link; then streamed with ranges,
   * and what each response sent is added to the link's download record.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    query: SignedFileQuery,
    log: FastifyBaseLogger,
  ): Promise<FastifyReply> {
    const verdict = this.#urls.verify(query);
    if (verdict === 'expired') throw new AppError('FORBIDDEN', downloadMessages.linkExpired);
    if (verdict === 'invalid') throw new AppError('FORBIDDEN', downloadMessages.linkInvalid);
    const record = query.record;
    try {
      return await sendStoredFile(request, reply, this.#storage, {
        key: query.key,
        fileName: query.name,
        disposition: 'attachment',
        onSent: (sent) => {
          if (!record || sent.bytes === 0) return;
          this.#repository
            .addProgress(record, sent.bytes, sent.reachedEnd)
            .catch((error: unknown) => log.error({ err: error, record }, 'download progress not recorded'));
        },
      });
    } catch (error) {
      if (error instanceof FileNotFoundError) throw notFound('file');
      throw error;
    }
  }
}

/** The license user's own license (as read for this request); anybody else gets 403. */
function ownLicense(principal: Principal, licenseId?: string): LicenseRow {
  if (principal.type !== 'license' || (licenseId !== undefined && principal.licenseId !== licenseId)) {
    throw new AppError('FORBIDDEN');
  }
  return principal.license;
}
