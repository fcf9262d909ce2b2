import { sql, type Kysely, type Transaction } from 'kysely';
import type { DownloadProduct } from '@lizenzportal/domain';
import type { DB, DownloadRow, LicenseRow, ProductReleaseRow } from '../../db/schema.ts';
import { listPage, type ListPage } from '../../lists/list-page.ts';
import type { ListRequest } from '../../lists/list-request.ts';
import { DOWNLOAD_LIST_ENTITY } from './list.ts';

/** The download log (table `download`); the license's counters are the licenses module's. */
export class DownloadRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  /** One download of a release by a license (the service counts it on the license in the same transaction). */
  async record(
    transaction: Transaction<DB>,
    download: { licenseId: string; object: DownloadProduct; release: ProductReleaseRow },
  ): Promise<DownloadRow> {
    return transaction
      .insertInto('download')
      .values({
        license: download.licenseId,
        object: download.object,
        product: download.release.product,
        platform: download.release.platform,
        version: download.release.version,
        release: download.release.id,
        size: download.release.size,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Adds what a response sent for a download; the first response that reached the end completes it. */
  async addProgress(id: string, bytes: number, reachedEnd: boolean): Promise<void> {
    await this.#db
      .updateTable('download')
      .set({
        bytes_sent: sql`bytes_sent + ${bytes}`,
        completed_at: reachedEnd ? sql`coalesce(completed_at, now())` : sql`completed_at`,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  }

  async findById(id: string): Promise<DownloadRow | undefined> {
    return this.#db.selectFrom('download').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async ofLicense(licenseId: string): Promise<DownloadRow[]> {
    return this.#db
      .selectFrom('download')
      .selectAll()
      .where('license', '=', licenseId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  list(request: ListRequest): Promise<ListPage<DownloadRow>> {
    return listPage(this.#db, DOWNLOAD_LIST_ENTITY, request);
  }

  /** The licenses of a page of the log, in one query. */
  async licensesOf(ids: readonly string[]): Promise<LicenseRow[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('license')
      .selectAll()
      .where('id', 'in', [...new Set(ids)])
      .execute();
  }
}
