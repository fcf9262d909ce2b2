import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AnyDocumentKind, Loaded } from './kinds/kind.ts';

/**
 * The queries of the documents module: the owners of documents (through their kinds) and the
 * uploads under way.
 */
export class DocumentRepository {
  /** Where the kinds read their owners and what the documents show. */
  readonly db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.db = db;
  }

  /** The owners of these ids that exist, in the order asked for (duplicates read once). */
  async load<Owner>(kind: AnyDocumentKind, ids: readonly string[], db = this.db): Promise<Loaded<Owner>[]> {
    const found = new Map<string, Loaded<Owner>>(
      (await kind.load(db, [...new Set(ids)])).map((loaded: Loaded<Owner>) => [
        kind.id(loaded.owner),
        loaded,
      ]),
    );
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  /** Records a file about to be written that no row refers to yet (see `point`). */
  async recordPendingUpload(key: string): Promise<void> {
    await this.db.insertInto('pending_upload').values({ key }).execute();
  }

  async forgetPendingUpload(key: string): Promise<void> {
    await this.db.deleteFrom('pending_upload').where('key', '=', key).execute();
  }

  /**
   * Points the owner at a new document, only if it is still the version the document was
   * rendered from (the kind's rule), and ends the document's pending upload in the same
   * transaction. Undefined when the owner changed meanwhile (or is gone), or when the sweep took
   * the upload for abandoned.
   */
  async point<Owner>(
    kind: AnyDocumentKind,
    loaded: Loaded<Owner>,
    documentKey: string,
    commitWith?: (transaction: Kysely<DB>, owner: Owner) => Promise<void>,
  ): Promise<Owner | undefined> {
    return this.db
      .transaction()
      .execute(async (transaction) => {
        const owner: Owner | undefined = await kind.point(transaction, loaded, documentKey);
        if (!owner) return undefined;
        const ended = await transaction
          .deleteFrom('pending_upload')
          .where('key', '=', documentKey)
          .executeTakeFirstOrThrow();
        if (ended.numDeletedRows === 0n) throw new UploadSweptError();
        await commitWith?.(transaction, owner);
        return owner;
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
    const candidates = await this.db
      .selectFrom('pending_upload')
      .select('key')
      .where('started_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
      .execute();
    let removed = 0;
    for (const { key } of candidates) {
      await this.db.transaction().execute(async (transaction) => {
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

/** The pending upload of a document was swept as abandoned before its owner pointed at it. */
class UploadSweptError extends Error {}
