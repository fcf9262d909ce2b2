import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ImportedLicense, ImportField, LicenseImportStatus } from '@lizenzportal/domain';
import type { DB, LicenseImportFindingTable, LicenseImportRunTable } from '../../db/schema.ts';

/** Any constant: one import at a time checks and writes (two files with one key cannot both land). */
const IMPORT_LOCK = 6_101_034;
/**
 * A `running` run whose heartbeat is older than this was abandoned by its process (decision 082):
 * twelve heartbeats missed. A live process's event loop is never blocked this long; a run inside
 * its transaction holds its row and is never taken for abandoned, whatever its heartbeat.
 */
export const ABANDONED_AFTER_SECONDS = 120;
/** A run an earlier release started has no heartbeat: abandoned a day after its start (no run takes an hour). */
const UNBEATEN_ABANDONED_AFTER_SECONDS = 86_400;

/** A staged row: the license as read, the line it stands on and its audit note. */
export interface StagedRow {
  line: number;
  license: ImportedLicense;
  note: string;
}

export type NewFinding = Omit<LicenseImportFindingTable, 'run'>;

/**
 * Each field the import compares with a license the portal has: the staged row's column and the
 * license's. Dates are compared to the second (the export writes seconds).
 */
const COMPARED: Partial<Record<ImportField, string>> = {
  startCode: 'start_code',
  version: 'version',
  status: 'status',
  'properties.class': 'class',
  'properties.type': 'type',
  'properties.size': 'size',
  'properties.delivery': 'delivery',
  'properties.dvdCount': 'dvd_count',
  'holder.holderType': 'holder_type',
  'holder.name': 'holder_name',
  'holder.contact': 'holder_contact',
  'holder.email': 'holder_email',
  authenticationCode: 'authentication_code',
  boundAt: 'bound_at',
  typeOfEntry: 'type_of_entry',
  entryReference: 'entry_reference',
  notes: 'notes',
  specialPermissions: 'special_permissions',
  'downloads.software': 'software_downloads',
  'downloads.metasearch': 'metasearch_downloads',
  productSKU: 'product_sku',
  extensionSKU: 'extension_sku',
  updatedToLicense: 'updated_to_license',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};
const DATE_COLUMNS = new Set(['bound_at', 'created_at', 'updated_at']);

const PAGE = 5000;

export class LicenseImportRepository {
  readonly #db: Kysely<DB>;

  constructor(db: Kysely<DB>) {
    this.#db = db;
  }

  async createRun(run: {
    actor: string;
    fileName: string;
    sha256: string;
    bytes: number;
    format: LicenseImportRunTable['format'];
    encoding: LicenseImportRunTable['encoding'];
    dryRun: boolean;
    onlyValid: boolean;
    mapping: Record<string, string | null>;
  }): Promise<string> {
    const row = await this.#db
      .insertInto('license_import_run')
      .values({
        actor: run.actor,
        file_name: run.fileName,
        file_sha256: run.sha256,
        file_bytes: run.bytes,
        format: run.format,
        encoding: run.encoding,
        dry_run: run.dryRun,
        only_valid: run.onlyValid,
        mapping: JSON.stringify(run.mapping),
        error: null,
        finished_at: null,
        heartbeat_at: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async progress(run: string, rowsRead: number): Promise<void> {
    await this.#db
      .updateTable('license_import_run')
      .set({ rows_read: rowsRead })
      .where('id', '=', run)
      .execute();
  }

  findRun(run: string) {
    return this.#db.selectFrom('license_import_run').selectAll().where('id', '=', run).executeTakeFirst();
  }

  /**
   * The run's process is alive: its heartbeat is now (the database's clock, whichever process
   * reads it). A run inside its transaction holds its row: the beat skips it rather than wait.
   */
  async beat(run: string): Promise<void> {
    await sql`
      update license_import_run set heartbeat_at = now()
      where id = (select id from license_import_run where id = ${run} and status = 'running'
        for no key update skip locked)`.execute(this.#db);
  }

  /**
   * Holds the run's row for the transaction (its liveness while it checks and writes: the sweep
   * skips it), and makes sure it is still running: a run taken for abandoned while its process
   * stood still has lost its staged rows and must not write what is left of them.
   */
  async holdRunning(run: string, transaction: Kysely<DB>): Promise<void> {
    const row = await transaction
      .selectFrom('license_import_run')
      .select('status')
      .where('id', '=', run)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (row?.status !== 'running') {
      throw new Error(`import run ${run} was failed as abandoned while it ran; nothing is written`);
    }
  }

  /**
   * Fails every run whose process ended while it ran (its heartbeat stopped; decision 082) with
   * `reason`, and drops the rows it had staged (its own end never came). A run whose row another
   * transaction holds is alive, and skipped. How many runs were failed.
   */
  async failAbandoned(reason: string): Promise<number> {
    const { rows } = await sql<{ failed: number }>`
      with abandoned as (
        update license_import_run set status = 'failed', error = ${reason}, finished_at = now()
        where id in (
          select id from license_import_run
          where status = 'running'
            and (heartbeat_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})
              or heartbeat_at is null and created_at < now() - make_interval(secs => ${UNBEATEN_ABANDONED_AFTER_SECONDS}))
          for no key update skip locked)
        returning id),
      dropped as (delete from license_import_row where run in (select id from abandoned))
      select count(*)::int as failed from abandoned`.execute(this.#db);
    const failed = rows[0]?.failed ?? 0;
    if (failed > 0) await sql`vacuum license_import_row`.execute(this.#db);
    return failed;
  }

  async finish(
    run: string,
    outcome: {
      status: LicenseImportStatus;
      error: string | null;
      rows_read: number;
      imported: number;
      unchanged: number;
      different: number;
      invalid: number;
    },
    db: Kysely<DB> = this.#db,
  ): Promise<void> {
    await db
      .updateTable('license_import_run')
      .set({ ...outcome, finished_at: new Date() })
      .where('id', '=', run)
      // A run failed as abandoned keeps that reason.
      .where('status', '=', 'running')
      .execute();
  }

  async addFindings(run: string, findings: readonly NewFinding[], db: Kysely<DB> = this.#db): Promise<void> {
    if (findings.length === 0) return;
    await sql`
      insert into license_import_finding (run, line, column_title, kind, message)
      select ${run}::uuid, line, column_title, kind, message
      from unnest(${findings.map((finding) => finding.line)}::int[],
        ${findings.map((finding) => finding.column_title)}::text[],
        ${findings.map((finding) => finding.kind)}::text[],
        ${findings.map((finding) => finding.message)}::text[]) as finding (line, column_title, kind, message)
    `.execute(db);
  }

  /** Stages rows that read well, in one statement per batch (column arrays, whatever the batch's size). */
  async stage(run: string, rows: readonly StagedRow[]): Promise<void> {
    if (rows.length === 0) return;
    const column = <T>(read: (license: ImportedLicense) => T) => rows.map((row) => read(row.license));
    const date = (value: Date | null) => value?.toISOString() ?? null;
    await sql`
      insert into license_import_row (run, line, id, final_id, key, folded_key, start_code, version, status,
        authentication_code, type_of_entry, entry_reference, holder_type, holder_name, holder_email,
        holder_contact, bound_at, notes, class, type, size, delivery, dvd_count, special_permissions,
        software_downloads, metasearch_downloads, product_sku, extension_sku, successor_id, successor_key,
        created_at, updated_at, note)
      select ${run}::uuid, line, id, coalesce(id, gen_random_uuid()), key, translate(key, '01', 'OI'),
        start_code, version, status,
        authentication_code, type_of_entry, entry_reference, holder_type, holder_name, holder_email,
        holder_contact, bound_at::timestamptz, notes, class, type, size, delivery, dvd_count,
        case when special_permissions = '' then '{}'::text[] else string_to_array(special_permissions, ',') end,
        software_downloads, metasearch_downloads, product_sku, extension_sku, successor_id, successor_key,
        created_at::timestamptz, updated_at::timestamptz, note
      from unnest(
        ${rows.map((row) => row.line)}::int[],
        ${column((license) => license.id)}::uuid[],
        ${column((license) => license.key)}::text[],
        ${column((license) => license.startCode)}::text[],
        ${column((license) => license.version)}::text[],
        ${column((license) => license.status)}::text[],
        ${column((license) => license.authenticationCode)}::text[],
        ${column((license) => license.typeOfEntry)}::text[],
        ${column((license) => license.entryReference)}::text[],
        ${column((license) => license.holderType)}::text[],
        ${column((license) => license.holderName)}::text[],
        ${column((license) => license.holderEmail)}::text[],
        ${column((license) => license.holderContact)}::text[],
        ${column((license) => date(license.boundAt))}::text[],
        ${column((license) => license.notes)}::text[],
        ${column((license) => license.class)}::text[],
        ${column((license) => license.type)}::text[],
        ${column((license) => license.size)}::int[],
        ${column((license) => license.delivery)}::text[],
        ${column((license) => license.dvdCount)}::int[],
        ${column((license) => license.specialPermissions.join(','))}::text[],
        ${column((license) => license.softwareDownloads)}::int[],
        ${column((license) => license.metasearchDownloads)}::int[],
        ${column((license) => license.productSku)}::text[],
        ${column((license) => license.extensionSku)}::text[],
        ${column((license) => (license.successor && 'id' in license.successor ? license.successor.id : null))}::uuid[],
        ${column((license) => (license.successor && 'key' in license.successor ? license.successor.key : null))}::text[],
        ${column((license) => date(license.createdAt))}::text[],
        ${column((license) => date(license.updatedAt))}::text[],
        ${rows.map((row) => row.note)}::text[]
      ) as staged (line, id, key, start_code, version, status, authentication_code, type_of_entry,
        entry_reference, holder_type, holder_name, holder_email, holder_contact, bound_at, notes, class,
        type, size, delivery, dvd_count, special_permissions, software_downloads, metasearch_downloads,
        product_sku, extension_sku, successor_id, successor_key, created_at, updated_at, note)
    `.execute(this.#db);
  }

  /** Runs `work` in a transaction that holds the import's lock: checks and writes see one portal. */
  locked<T>(work: (transaction: Kysely<DB>) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(async (transaction) => {
      await sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`.execute(transaction);
      return work(transaction);
    });
  }

  /** Pages through a query's rows in line order (`line > after`), so no check holds all its rows. */
  async *pages<Row extends { line: number }>(
    query: (after: number, limit: number) => RawBuilder<Row>,
    db: Kysely<DB>,
  ): AsyncGenerator<Row[]> {
    let after = 0;
    for (;;) {
      const { rows } = await query(after, PAGE).execute(db);
      if (rows.length === 0) return;
      yield rows;
      after = rows.at(-1)!.line;
      if (rows.length < PAGE) return;
    }
  }

  /** Rows whose key an earlier row of the file has; the first line with it. */
  duplicateKeys(run: string) {
    return (after: number, limit: number) => sql<{ line: number; first: number }>`
      select line, first from (
        select line, min(line) over (partition by key) as first from license_import_row where run = ${run}
      ) as ranked where line <> first and line > ${after} order by line limit ${limit}`;
  }

  duplicateIds(run: string) {
    return (after: number, limit: number) => sql<{ line: number; first: number }>`
      select line, first from (
        select line, min(line) over (partition by id) as first from license_import_row
        where run = ${run} and id is not null
      ) as ranked where line <> first and line > ${after} order by line limit ${limit}`;
  }

  /** Rows whose ID a license of the portal has under another key. */
  takenIds(run: string) {
    return (after: number, limit: number) => sql<{ line: number }>`
      select row.line from license_import_row as row join license on license.id = row.id
      where row.run = ${run} and license.key <> row.key and row.line > ${after} order by row.line limit ${limit}`;
  }

  /**
   * Rows whose key another key (of the file, or of the portal) equals once 0 and 1 are read as O
   * and I. Only keys with one of those can be alike so: the portal's own keys have none.
   */
  ambiguousKeys(run: string) {
    return (after: number, limit: number) => sql<{ line: number; other: string; other_line: number | null }>`
      select distinct on (row.line) row.line, other.key as other, other.line as other_line
      from license_import_row as row
      join (
        select key, folded_key, line from license_import_row where run = ${run} and key ~ '[01OI]'
        union all
        select key, translate(key, '01', 'OI'), null from license where key ~ '[01OI]'
      ) as other on other.folded_key = row.folded_key and other.key <> row.key
      where row.run = ${run} and row.key ~ '[01OI]' and row.line > ${after}
      order by row.line, other.line nulls first limit ${limit}`;
  }

  async refuse(run: string, lines: readonly number[], db: Kysely<DB>): Promise<void> {
    if (lines.length === 0) return;
    await sql`update license_import_row set refused = true where run = ${run} and line = any(${[...lines]}::int[])`.execute(
      db,
    );
  }

  /**
   * Marks the rows whose key the portal has (they are reported, never changed) and gives them the
   * portal's ID. Every other row was staged with the ID its license will have: the file's, or a new one.
   */
  async settleIds(run: string, db: Kysely<DB>): Promise<void> {
    await sql`
      update license_import_row as row set existing = license.id, final_id = license.id
      from license where row.run = ${run} and license.key = row.key`.execute(db);
  }

  /** Resolves each successor the file names (by ID or key) to a license of the file or the portal. */
  async resolveSuccessors(run: string, db: Kysely<DB>): Promise<void> {
    await sql`
      update license_import_row as row set updated_to_license = successor.final_id
      from license_import_row as successor
      where row.run = ${run} and successor.run = ${run} and not successor.refused
        and row.successor_key is not null and successor.key = row.successor_key`.execute(db);
    await sql`
      update license_import_row as row set updated_to_license = successor.final_id
      from license_import_row as successor
      where row.run = ${run} and successor.run = ${run} and not successor.refused
        and row.successor_id is not null and successor.id = row.successor_id`.execute(db);
    await sql`
      update license_import_row as row set updated_to_license = license.id
      from license
      where row.run = ${run} and row.updated_to_license is null
        and (license.id = row.successor_id or license.key = row.successor_key)`.execute(db);
  }

  /** Rows naming a successor that is nowhere, or themselves. */
  unresolvedSuccessors(run: string) {
    return (after: number, limit: number) => sql<{
      line: number;
      successor_id: string | null;
      successor_key: string | null;
      itself: boolean;
    }>`
      select line, successor_id, successor_key, coalesce(updated_to_license = final_id, false) as itself
      from license_import_row
      where run = ${run} and (successor_id is not null or successor_key is not null)
        and (updated_to_license is null or updated_to_license = final_id)
        and line > ${after} order by line limit ${limit}`;
  }

  /** The rows whose key the portal has: the carried fields that differ from the portal's license. */
  existingRows(run: string, carried: readonly ImportField[]) {
    const compared = carried.flatMap((field) => {
      const column = COMPARED[field];
      if (!column) return [];
      const [left, right] = DATE_COLUMNS.has(column)
        ? [
            sql`date_trunc('second', row.${sql.ref(column)})`,
            sql`date_trunc('second', license.${sql.ref(column)})`,
          ]
        : [sql`row.${sql.ref(column)}`, sql`license.${sql.ref(column)}`];
      return [sql`case when ${left} is distinct from ${right} then ${field} end`];
    });
    if (carried.includes('_id'))
      compared.push(sql`case when row.id is distinct from license.id then '_id' end`);
    const differing =
      compared.length === 0
        ? sql`'{}'::text[]`
        : sql`array_remove(array[${sql.join(compared)}]::text[], null)`;
    return (after: number, limit: number) => sql<{ line: number; differing: string[] }>`
      select row.line, ${differing} as differing
      from license_import_row as row join license on license.id = row.existing
      where row.run = ${run} and not row.refused and row.line > ${after}
      order by row.line limit ${limit}`;
  }

  /** Lines with an error, and whether the file had any. */
  async invalidLines(run: string, db: Kysely<DB>): Promise<number> {
    const row = await sql<{ count: number | string }>`
      select count(distinct line) as count from license_import_finding where run = ${run} and kind = 'error'`.execute(
      db,
    );
    return Number(row.rows[0]!.count);
  }

  async importable(run: string, db: Kysely<DB>): Promise<number> {
    const row = await sql<{ count: number | string }>`
      select count(*) as count from license_import_row where run = ${run} and not refused and existing is null`.execute(
      db,
    );
    return Number(row.rows[0]!.count);
  }

  /** Rows of lines with an error are not imported (with „nur gültige Zeilen”, the others are). */
  async refuseInvalid(run: string, db: Kysely<DB>): Promise<void> {
    await sql`
      update license_import_row set refused = true
      where run = ${run} and line in (select line from license_import_finding where run = ${run} and kind = 'error')`.execute(
      db,
    );
  }

  /** The new licenses of a run, as the licenses module inserts them (`insertLicensesFrom`). */
  newLicenses(run: string): RawBuilder<unknown> {
    return sql`
      select final_id as id, key, version, start_code, authentication_code, status, type_of_entry,
        entry_reference, holder_type, holder_name, holder_email, holder_contact, bound_at, notes, class, type,
        size, delivery, dvd_count, special_permissions, software_downloads, metasearch_downloads,
        updated_to_license, product_sku, extension_sku, coalesce(created_at, now()) as created_at,
        coalesce(updated_at, created_at, now()) as updated_at
      from license_import_row where run = ${run} and not refused and existing is null`;
  }

  /** The audit entry of each new license of a run, as the audit module records them (`recordEntriesFrom`). */
  newLicensesAuditEntries(run: string, actor: string): RawBuilder<unknown> {
    return sql`
      select 'license' as entity, final_id as entity_id, 'imported' as action, ${actor} as actor, note
      from license_import_row where run = ${run} and not refused and existing is null`;
  }

  /**
   * Drops a run's staged rows and vacuums the table, so that the next run writes into the space
   * they took: the embedded database has no autovacuum, and 100,000 staged rows take about 25 MB.
   */
  async dropStaged(run: string): Promise<void> {
    await this.#db.deleteFrom('license_import_row').where('run', '=', run).execute();
    await sql`vacuum license_import_row`.execute(this.#db);
  }

  /** The run's findings in line order, a page at a time (the report). */
  async *report(run: string): AsyncGenerator<NewFinding[]> {
    for (let offset = 0; ; offset += PAGE) {
      const rows = await this.#db
        .selectFrom('license_import_finding')
        .select(['line', 'column_title', 'kind', 'message'])
        .where('run', '=', run)
        .orderBy('line')
        .orderBy('kind')
        .orderBy('column_title')
        .offset(offset)
        .limit(PAGE)
        .execute();
      if (rows.length > 0) yield rows;
      if (rows.length < PAGE) return;
    }
  }
}
