import { type Kysely, sql } from 'kysely';
import type { DB, LicenseRow } from '../../db/schema.ts';
import type { DocumentType } from '@lizenzportal/domain';
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

  /**
   * Points the license at a new document, only if the row is still the version the document was
   * rendered from. Undefined when it changed meanwhile (or is gone).
   */
  setDocument(
    kind: DocumentType,
    snapshot: LicenseSnapshot,
    documentKey: string,
  ): Promise<LicenseRow | undefined> {
    return this.#db
      .updateTable('license')
      .set({ [DOCUMENT_KIND[kind].column]: documentKey, updated_at: sql<Date>`now()` })
      .where('id', '=', snapshot.row.id)
      .where(versionOf, '=', snapshot.version)
      .returningAll()
      .executeTakeFirst();
  }
}
