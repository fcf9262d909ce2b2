import type { Kysely } from 'kysely';
import {
  importFieldTitle,
  isImportField,
  licenseImportMessages as messages,
  readImportRow,
  REQUIRED_IMPORT_FIELDS,
  resolveImportColumns,
  type ImportField,
  type ImportMapping,
  type LicenseImportStatus,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { describeFailure } from '../../lib/describe-failure.ts';
import { recordEntriesFrom } from '../audit/index.ts';
import { insertLicensesFrom } from '../licenses/index.ts';
import { inspectImportFile, readImportFile, type ImportFile } from './file.ts';
import { LicenseImportRepository, type NewFinding, type StagedRow } from './repository.ts';

export interface ImportOptions {
  /** The file on disk and the name it is recorded under. */
  path: string;
  fileName: string;
  actor: string;
  /** Check and report only; nothing is written but the run and its report. */
  dryRun: boolean;
  /** Import the valid rows of a file with errors („nur gültige Zeilen”); else such a file imports nothing. */
  onlyValid: boolean;
  mapping?: ImportMapping;
  /** Told the run's ID once it is recorded, before its rows are read (the back office's job). */
  onStart?: (run: string) => Promise<void>;
  /** Told the rows read so far, now and then (the back office's progress bar). */
  onProgress?: (rowsRead: number) => void | Promise<void>;
}

export interface ImportOutcome {
  run: string;
  status: LicenseImportStatus;
  file: Pick<ImportFile, 'name' | 'sha256' | 'bytes' | 'encoding' | 'format'>;
  rowsRead: number;
  /** Licenses written (a dry run: that would be written; with errors, by „nur gültige Zeilen”). */
  imported: number;
  unchanged: number;
  different: number;
  /** Rows with at least one error. */
  invalid: number;
}

/** How often a running run's process says it is alive (decision 082): a twelfth of the bound it is judged by. */
const HEARTBEAT_MS = 10_000;
/** Rows staged per statement: the column arrays of a batch stay a few megabytes. */
const BATCH = 2000;
/** Cells whose text looks converted to UTF-8 twice: „Ã¼” for „ü”. */
const DOUBLE_ENCODED = /Ã[\u0080-\u00BF]|Â[\u00A0-\u00BF]/;

/**
 * The import of licenses from a file (decision 061), behind both doors: the command line and the
 * back office's job. One pass fingerprints the file and detects its encoding; a second streams
 * its rows, reads each (errors with line and column), and stages the good ones in batches; the
 * checks across rows and against the portal (duplicate keys, keys alike but for 0/O or 1/I,
 * successors, keys the portal has) and the writing run in one locked transaction: a file with an
 * error imports nothing unless only the valid rows are asked for, and a key the portal has is
 * reported, never changed.
 */
export class LicenseImportService {
  readonly #repository: LicenseImportRepository;
  readonly #heartbeatMs: number;

  /** `heartbeatMs`: how often a run refreshes its heartbeat (a test beats faster). */
  constructor(db: Kysely<DB>, options: { heartbeatMs?: number } = {}) {
    this.#repository = new LicenseImportRepository(db);
    this.#heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  }

  /**
   * Fails the runs whose process ended while they ran (decision 082), with the reason the page
   * shows, and drops their staged rows; a live run is never among them. How many.
   */
  failAbandoned(): Promise<number> {
    return this.#repository.failAbandoned(messages.abandoned);
  }

  /** A run as recorded (its file's name, format and counts), or undefined. */
  findRun(run: string) {
    return this.#repository.findRun(run);
  }

  /** A run's findings in the file's order, a page at a time. */
  findings(run: string) {
    return this.#repository.report(run);
  }

  async run(options: ImportOptions): Promise<ImportOutcome> {
    // What earlier runs' ended processes left (the command line has no job to start them over).
    await this.failAbandoned();
    const file = await inspectImportFile(options.path, options.fileName);
    const run = await this.#repository.createRun({
      actor: options.actor,
      fileName: file.name,
      sha256: file.sha256,
      bytes: file.bytes,
      format: file.format,
      encoding: file.encoding,
      dryRun: options.dryRun,
      onlyValid: options.onlyValid,
      mapping: options.mapping ?? {},
    });
    const counts = { rowsRead: 0, imported: 0, unchanged: 0, different: 0, invalid: 0 };
    const outcome = (status: LicenseImportStatus): ImportOutcome => ({
      run,
      status,
      file: {
        name: file.name,
        sha256: file.sha256,
        bytes: file.bytes,
        encoding: file.encoding,
        format: file.format,
      },
      ...counts,
    });
    const finish = async (status: LicenseImportStatus, error: string | null, db?: Kysely<DB>) => {
      await this.#repository.finish(
        run,
        {
          status,
          error,
          rows_read: counts.rowsRead,
          imported: counts.imported,
          unchanged: counts.unchanged,
          different: counts.different,
          invalid: counts.invalid,
        },
        db,
      );
      return outcome(status);
    };
    const heartbeat = this.#heartbeat(run);
    try {
      await options.onStart?.(run);
      if (file.problem) {
        await this.#repository.addFindings(run, [
          { line: 1, column_title: null, kind: 'error', message: file.problem },
        ]);
        counts.invalid = 1;
        return await finish('refused', null);
      }
      const carried = await this.#stage(run, file, options, counts);
      return await this.#repository.locked(async (transaction) => {
        await this.#repository.holdRunning(run, transaction);
        await this.#check(run, carried, transaction, counts);
        counts.invalid = await this.#repository.invalidLines(run, transaction);
        if (counts.invalid > 0) await this.#repository.refuseInvalid(run, transaction);
        counts.imported = await this.#repository.importable(run, transaction);
        if (counts.invalid > 0 && !options.onlyValid) {
          // A dry run still counts the valid new rows: what „nur gültige Zeilen” would import.
          if (!options.dryRun) counts.imported = 0;
          return finish('refused', null, transaction);
        }
        if (options.dryRun) return finish('checked', null, transaction);
        counts.imported = await insertLicensesFrom(transaction, this.#repository.newLicenses(run));
        await recordEntriesFrom(transaction, this.#repository.newLicensesAuditEntries(run, options.actor));
        return finish('completed', null, transaction);
      });
    } catch (error) {
      await finish('failed', describeFailure(error));
      throw error;
    } finally {
      await heartbeat.stop();
      await this.#repository.dropStaged(run);
    }
  }

  /**
   * Refreshes the run's heartbeat until stopped: one beat at a time (a beat waiting for the
   * database is not joined by the next), a failed beat skipped (the next one counts).
   */
  #heartbeat(run: string): { stop: () => Promise<void> } {
    let beating: Promise<void> = Promise.resolve();
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      beating = this.#repository
        .beat(run)
        .catch(() => {})
        .finally(() => {
          busy = false;
        });
    }, this.#heartbeatMs);
    // A process whose work is done does not stay for its heartbeat.
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        // No beat outlives the run (nor the database a command closes after it).
        await beating;
      },
    };
  }

  /** The second pass: every row read, its errors recorded, the good ones staged. Answers the fields the file carries. */
  async #stage(
    run: string,
    file: ImportFile,
    options: ImportOptions,
    counts: { rowsRead: number },
  ): Promise<ImportField[]> {
    let fields: (ImportField | null)[] = [];
    let columns: string[] = [];
    let carried = new Set<ImportField>();
    const carriedEver = new Set<ImportField>();
    let findings: NewFinding[] = [];
    let staged: StagedRow[] = [];
    // One batch is written while the next is read: on PostgreSQL the server stages as the file is parsed.
    let writing: Promise<void> = Promise.resolve();
    const write = async (rows: StagedRow[], found: NewFinding[], rowsRead: number) => {
      await this.#repository.stage(run, rows);
      await this.#repository.addFindings(run, found);
      await this.#repository.progress(run, rowsRead);
      await options.onProgress?.(rowsRead);
    };
    const flush = async () => {
      await writing;
      writing = write(staged, findings, counts.rowsRead);
      // Awaited by the next flush or at the end; a failure meanwhile is not unhandled.
      writing.catch(() => {});
      staged = [];
      findings = [];
    };
    const isJson = file.format !== 'csv';
    try {
      for await (const event of readImportFile(file)) {
        if (event.type === 'head') {
          if (isJson) continue;
          columns = event.columns;
          const resolved = resolveImportColumns(columns, options.mapping);
          fields = resolved.fields;
          carried = new Set(fields.filter((field): field is ImportField => field !== null));
          for (const field of carried) carriedEver.add(field);
          findings.push(
            ...resolved.findings.map((finding) => ({
              line: 1,
              column_title: finding.column,
              kind: finding.kind,
              message: finding.message,
            })),
          );
          if (resolved.findings.some((finding) => finding.kind === 'error')) break;
          continue;
        }
        if (event.type === 'problem') {
          findings.push({
            line: event.line,
            column_title: event.column,
            kind: 'error',
            message: event.message,
          });
          counts.rowsRead += event.line > 1 ? 1 : 0;
          continue;
        }
        counts.rowsRead += 1;
        const cells: Partial<Record<ImportField, unknown>> = {};
        const titles = new Map<ImportField, string>();
        if (isJson) {
          const names = Object.keys(event.cells);
          const resolved = resolveImportColumns(names, options.mapping);
          carried = new Set(REQUIRED_IMPORT_FIELDS);
          resolved.fields.forEach((field, index) => {
            if (!field) return;
            carried.add(field);
            carriedEver.add(field);
            cells[field] = event.cells[names[index]!];
            titles.set(field, names[index]!);
          });
        } else {
          fields.forEach((field, index) => {
            if (!field) return;
            cells[field] = event.cells[columns[index]!];
            titles.set(field, columns[index]!);
          });
        }
        const title = (field: ImportField | null) =>
          field === null ? null : (titles.get(field) ?? (isJson ? field : importFieldTitle(field)));
        let doubleEncoded = false;
        for (const [field, value] of Object.entries(cells)) {
          if (typeof value === 'string' && DOUBLE_ENCODED.test(value)) {
            const found = DOUBLE_ENCODED.exec(value)![0];
            findings.push({
              line: event.line,
              column_title: title(field as ImportField),
              kind: 'error',
              message: messages.doubleEncoded(found),
            });
            doubleEncoded = true;
          }
        }
        const { license, problems } = readImportRow(cells, carried);
        for (const problem of problems) {
          findings.push({
            line: event.line,
            column_title: title(problem.field),
            kind: 'error',
            message: problem.message,
          });
        }
        if (license && !doubleEncoded) {
          staged.push({ line: event.line, license, note: messages.auditNote(file.name, event.line) });
        }
        if (staged.length >= BATCH || findings.length >= BATCH) await flush();
      }
    } catch (error) {
      // The batch being written ends before the run is recorded as failed and its rows are dropped.
      await writing.catch(() => {});
      throw error;
    }
    await flush();
    await writing;
    return [...carriedEver].filter(isImportField);
  }

  /** The checks across the file's rows and against the portal; their findings, and the rows they refuse. */
  async #check(
    run: string,
    carried: readonly ImportField[],
    db: Kysely<DB>,
    counts: { unchanged: number; different: number },
  ): Promise<void> {
    const keyTitle = importFieldTitle('key');
    const idTitle = importFieldTitle('_id');
    const successorTitle = importFieldTitle('updatedToLicense');
    const refuse = async (findings: NewFinding[]) => {
      await this.#repository.addFindings(run, findings, db);
      await this.#repository.refuse(
        run,
        findings.map((finding) => finding.line),
        db,
      );
    };
    for await (const rows of this.#repository.pages(this.#repository.duplicateKeys(run), db)) {
      await refuse(
        rows.map((row) => ({
          line: row.line,
          column_title: keyTitle,
          kind: 'error',
          message: messages.duplicateKey(row.first),
        })),
      );
    }
    for await (const rows of this.#repository.pages(this.#repository.duplicateIds(run), db)) {
      await refuse(
        rows.map((row) => ({
          line: row.line,
          column_title: idTitle,
          kind: 'error',
          message: messages.duplicateId(row.first),
        })),
      );
    }
    for await (const rows of this.#repository.pages(this.#repository.takenIds(run), db)) {
      await refuse(
        rows.map((row) => ({
          line: row.line,
          column_title: idTitle,
          kind: 'error',
          message: messages.idTaken,
        })),
      );
    }
    for await (const rows of this.#repository.pages(this.#repository.ambiguousKeys(run), db)) {
      await refuse(
        rows.map((row) => ({
          line: row.line,
          column_title: keyTitle,
          kind: 'error',
          message: messages.ambiguousKey(
            row.other,
            row.other_line === null ? messages.inThePortal : messages.inLine(row.other_line),
          ),
        })),
      );
    }
    await this.#repository.settleIds(run, db);
    await this.#repository.resolveSuccessors(run, db);
    for await (const rows of this.#repository.pages(this.#repository.unresolvedSuccessors(run), db)) {
      await refuse(
        rows.map((row) => ({
          line: row.line,
          column_title: successorTitle,
          kind: 'error',
          message: row.itself
            ? messages.successorItself
            : messages.successorMissing(row.successor_key ?? row.successor_id ?? ''),
        })),
      );
    }
    for await (const rows of this.#repository.pages(this.#repository.existingRows(run, carried), db)) {
      const findings: NewFinding[] = rows.map((row) =>
        row.differing.length === 0
          ? { line: row.line, column_title: null, kind: 'unchanged', message: messages.unchanged }
          : {
              line: row.line,
              column_title: null,
              kind: 'different',
              message: messages.different(
                row.differing.map((field) => importFieldTitle(field as ImportField)),
              ),
            },
      );
      counts.unchanged += findings.filter((finding) => finding.kind === 'unchanged').length;
      counts.different += findings.filter((finding) => finding.kind === 'different').length;
      await this.#repository.addFindings(run, findings, db);
    }
  }
}
