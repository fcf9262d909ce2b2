import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRow } from '../../db/schema.ts';
import type { LicenseDocumentType } from '@lizenzportal/domain';
import { DOCUMENT_KIND } from './document-kinds.ts';

/** A license row and the exact version (`updated_at` to the microsecond) it was read at. */
export interface LicenseSnapshot {
  row: LicenseRow;
  version: string;
}

// JavaScript dates stop at milliseconds; compared as text the version keeps every digit.
const versionOf = sql<string>`extract(epoch from updated_at)::text`;

/** The queries of the documents module: license rows and their document columns. */
export class DocumentRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async findSnapshot(id: string): Promise<LicenseSnapshot | undefined> {
    const found = await this.#db
      .selectFrom('license')
      .selectAll()
      .select(versionOf.as('row_version'))
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) return undefined;
    const { row_version: version, ...row } = found;
    return { row, version };
  }

  findById(id: string): Promise<LicenseRow | undefined> {
    return this.#db.selectFrom('license').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIds(ids: readonly string[]): Promise<LicenseRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.#db.selectFrom('license').selectAll().where('id', 'in', ids).execute();
  }

  /** The license whose current starter or license document is stored under `documentKey`. */
  findByDocumentKey(documentKey: string): Promise<LicenseRow | undefined> {
    return this.#db
      .selectFrom('license')
      .selectAll()
      .where((where) =>
        where.or([where('starter_document', '=', documentKey), where('license_document', '=', documentKey)]),
      )
      .executeTakeFirst();
  }

  /** Records a file about to be written that no row refers to yet (see `setDocument`). */
  async recordPendingUpload(key: string): Promise<void> {
    await this.#db.insertInto('pending_upload').values({ key }).execute();
  }

  async forgetPendingUpload(key: string): Promise<void> {
    await this.#db.deleteFrom('pending_upload').where('key', '=', key).execute();
  }

  /**
   * Points the license at a new document, only if the row is still the version the document was
   * rendered from, and ends the document's pending upload in the same transaction. Undefined when
   * the license changed meanwhile (or is gone), or when the sweep took the upload for abandoned.
   */
  async setDocument(
    kind: LicenseDocumentType,
    snapshot: LicenseSnapshot,
    documentKey: string,
    commitWith?: (transaction: Kysely<DB>, row: LicenseRow) => Promise<void>,
  ): Promise<LicenseRow | undefined> {
    return this.#db
      .transaction()
      .execute(async (transaction) => {
        const row = await transaction
          .updateTable('license')
          .set({ [DOCUMENT_KIND[kind].column]: documentKey, updated_at: sql<Date>`now()` })
          .where('id', '=', snapshot.row.id)
          .where(versionOf, '=', snapshot.version)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        const ended = await transaction
          .deleteFrom('pending_upload')
          .where('key', '=', documentKey)
          .executeTakeFirstOrThrow();
        if (ended.numDeletedRows === 0n) throw new UploadSweptError();
        await commitWith?.(transaction, row);
        return row;
      })
      .catch((error: unknown) => {
        if (error instanceof UploadSweptError) return undefined;
        throw error;
      });
  }

  /**
   * Removes pending uploads older than `olderThanSeconds` one by one: `remove` deletes the file
   * while the entry is locked, and the entry goes only once the file is gone.
   */
  async sweepPendingUploads(
    olderThanSeconds: number,
    remove: (key: string) => Promise<void>,
  ): Promise<number> {
    const candidates = await this.#db
      .selectFrom('pending_upload')
      .select('key')
      .where('started_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
      .execute();
    let removed = 0;
    for (const { key } of candidates) {
      await this.#db.transaction().execute(async (transaction) => {
        const entry = await transaction
          .deleteFrom('pending_upload')
          .where('key', '=', key)
          .returning('key')
          .executeTakeFirst();
        if (!entry) return;
        await remove(key);
        removed += 1;
      });
    }
    return removed;
  }
}

/** The pending upload of a document was swept as abandoned before the license pointed at it. */
class UploadSweptError extends Error {}
