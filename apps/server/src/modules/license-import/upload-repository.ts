import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImportMapping } from '@lizenzportal/domain';
import type { DB, LicenseImportRunTable, LicenseImportUploadTable } from '../../db/schema.ts';

export type UploadRow = Selectable<LicenseImportUploadTable>;
export type RunRow = Selectable<LicenseImportRunTable>;

/** The uploads of „Lizenzen importieren” and the runs and findings the back office reads. */
export class LicenseImportUploadRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async create(upload: {
    id: string;
    actor: string;
    fileName: string;
    bytes: number;
    columns: string[];
    rowsExpected: number;
  }): Promise<void> {
    await this.#db
      .insertInto('license_import_upload')
      .values({
        id: upload.id,
        actor: upload.actor,
        file_name: upload.fileName,
        file_bytes: upload.bytes,
        columns: JSON.stringify(upload.columns),
        rows_expected: upload.rowsExpected,
      })
      .execute();
  }

  find(id: string, db: Kysely<DB> = this.#db): Promise<UploadRow | undefined> {
    return db.selectFrom('license_import_upload').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Locks the upload for the transaction: two requests cannot both ask for a run. */
  findForUpdate(id: string, db: Kysely<DB>): Promise<UploadRow | undefined> {
    return db
      .selectFrom('license_import_upload')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async request(
    id: string,
    request: { actor: string; dryRun: boolean; onlyValid: boolean; mapping: ImportMapping },
    db: Kysely<DB>,
  ): Promise<void> {
    await db
      .updateTable('license_import_upload')
      .set({
        requested_actor: request.actor,
        requested_dry_run: request.dryRun,
        requested_only_valid: request.onlyValid,
        requested_mapping: JSON.stringify(request.mapping),
      })
      .where('id', '=', id)
      .execute();
  }

  async startedRun(id: string, run: string): Promise<void> {
    await this.#db.updateTable('license_import_upload').set({ run }).where('id', '=', id).execute();
  }

  /** The asked-for run is over: the request is cleared, the expected rows are the dry run's. */
  async settled(id: string, rowsRead: number | null): Promise<void> {
    await this.#db
      .updateTable('license_import_upload')
      .set({
        requested_actor: null,
        requested_dry_run: null,
        requested_only_valid: null,
        requested_mapping: null,
        ...(rowsRead === null ? {} : { rows_expected: rowsRead }),
      })
      .where('id', '=', id)
      .execute();
  }

  async fileRemoved(id: string): Promise<void> {
    await this.#db
      .updateTable('license_import_upload')
      .set({ file_removed_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Uploads whose file is still stored, uploaded before `before` and with no run asked for. */
  abandoned(before: Date): Promise<{ id: string }[]> {
    return this.#db
      .selectFrom('license_import_upload')
      .select('id')
      .where('file_removed_at', 'is', null)
      .where('created_at', '<', before)
      .where('requested_dry_run', 'is', null)
      .execute();
  }

  findRun(id: string, db: Kysely<DB> = this.#db): Promise<RunRow | undefined> {
    return db.selectFrom('license_import_run').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The mapping of the latest run that had one: what the next upload is pre-filled with. */
  async rememberedMapping(): Promise<ImportMapping> {
    const row = await this.#db
      .selectFrom('license_import_run')
      .select('mapping')
      .where(sql<boolean>`mapping <> '{}'::jsonb`)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.mapping ?? {};
  }

  /** The runs, newest first, a page at a time; and how many there are. */
  async runs(skip: number, limit: number): Promise<{ runs: RunRow[]; total: number }> {
    const [runs, count] = await Promise.all([
      this.#db
        .selectFrom('license_import_run')
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .offset(skip)
        .limit(limit)
        .execute(),
      this.#db
        .selectFrom('license_import_run')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
    ]);
    return { runs, total: Number(count.count) };
  }

  /** A page of a run's findings in the report's order, and how many it has. */
  async findings(run: string, limit: number) {
    const [rows, count] = await Promise.all([
      this.#db
        .selectFrom('license_import_finding')
        .select(['line', 'column_title', 'kind', 'message'])
        .where('run', '=', run)
        .orderBy('line')
        .orderBy('kind')
        .orderBy('column_title')
        .limit(limit)
        .execute(),
      this.#db
        .selectFrom('license_import_finding')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('run', '=', run)
        .executeTakeFirstOrThrow(),
    ]);
    return { findings: rows, total: Number(count.count) };
  }
}
