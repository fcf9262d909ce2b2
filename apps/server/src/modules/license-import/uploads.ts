import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  LICENSE_IMPORT_FINDING_LABELS,
  LICENSE_IMPORT_MAX_BYTES,
  licenseImportMessages,
  licenseImportPageMessages as texts,
  suggestImportMapping,
  type ImportMapping,
  type LicenseImportFinding,
  type LicenseImportRun,
  type LicenseImportRunRequest,
  type LicenseImportUpload,
} from '@lizenzportal/domain';
import type { DB } from '../../db/schema.ts';
import { JOBS } from '../../jobs/catalogue.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { FileStorage } from '../../lib/storage/file-storage.ts';
import { csvLine } from '../../lists/csv.ts';
import { inspectImportFile, readImportFile } from './file.ts';
import type { LicenseImportService } from './service.ts';
import { LicenseImportUploadRepository, type RunRow } from './upload-repository.ts';

/** An upload no run was asked for since is removed after a day (its file may hold personal data). */
const ABANDONED_AFTER_MS = 24 * 3_600_000;
/** The findings the page shows; the downloadable report has them all. */
const FINDINGS_SHOWN = 200;
const NEWLINE = 0x0a;

const storageKey = (upload: string) => `license-imports/${upload}`;

/** A temporary file for one upload or run, removed by `done`. */
async function temporaryFile(): Promise<{ path: string; done: () => Promise<void> }> {
  const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lizenzportal-import-'));
  return {
    path: path.join(directory, 'file'),
    done: () => fs.promises.rm(directory, { recursive: true, force: true }),
  };
}

/**
 * „Lizenzen importieren” in the back office (decision 061): an uploaded file is streamed to the
 * storage, its columns read for the mapping; a dry run and then the import are jobs that run the
 * same `LicenseImportService` as the command line, on a copy of the stored file. The file is
 * removed after the import, or a day after an upload nobody ran.
 */
export class LicenseImportUploads {
  readonly #repository: LicenseImportUploadRepository;
  readonly #db: Kysely<DB>;
  readonly #storage: FileStorage;
  readonly #queue: JobQueue;
  readonly #imports: LicenseImportService;
  readonly #maxBytes: number;

  constructor(options: {
    db: Kysely<DB>;
    storage: FileStorage;
    queue: JobQueue;
    imports: LicenseImportService;
    /** The largest upload taken (tests stream past a smaller one). */
    maxBytes?: number;
  }) {
    this.#maxBytes = options.maxBytes ?? LICENSE_IMPORT_MAX_BYTES;
    this.#db = options.db;
    this.#repository = new LicenseImportUploadRepository(options.db);
    this.#storage = options.storage;
    this.#queue = options.queue;
    this.#imports = options.imports;
  }

  /**
   * Receives an uploaded file as it streams in (refused past the size limit, or when it is in
   * neither encoding the import reads), stores it and answers its columns and suggested mapping.
   */
  async receive(body: Readable, fileName: string, actor: string): Promise<LicenseImportUpload> {
    const temporary = await temporaryFile();
    try {
      let bytes = 0;
      let newlines = 0;
      let last = NEWLINE;
      const maxBytes = this.#maxBytes;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          bytes += chunk.length;
          if (bytes > maxBytes) {
            next(new AppError('PAYLOAD_TOO_LARGE', texts.fileTooLarge(maxBytes / 1024 / 1024)));
            return;
          }
          for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) newlines += 1;
          last = chunk.at(-1) ?? last;
          next(null, chunk);
        },
      });
      await pipeline(body, counted, fs.createWriteStream(temporary.path));
      const file = await inspectImportFile(temporary.path, fileName);
      if (file.problem) throw new AppError('VALIDATION_FAILED', file.problem);
      const columns = await this.#columnsOf(file);
      if (columns instanceof AppError) throw columns;
      const lines = newlines + (last === NEWLINE ? 0 : 1);
      const id = crypto.randomUUID();
      await this.#storage.put(
        storageKey(id),
        fs.createReadStream(temporary.path),
        file.format === 'csv' ? 'text/csv' : 'application/json',
      );
      await this.#repository.create({
        id,
        actor,
        fileName,
        bytes,
        columns,
        // The first pass's count (a CSV's records, JSON Lines' lines); a JSON array's lines.
        rowsExpected: file.rows ?? lines,
      });
      return this.get(id);
    } finally {
      await temporary.done();
    }
  }

  /** The titles of a CSV's head, or the field names of a JSON file's first entry. */
  async #columnsOf(file: Awaited<ReturnType<typeof inspectImportFile>>): Promise<string[] | AppError> {
    for await (const event of readImportFile(file)) {
      if (event.type === 'head' && file.format === 'csv') return event.columns;
      if (event.type === 'row') return Object.keys(event.cells);
      if (event.type === 'problem') return new AppError('VALIDATION_FAILED', event.message);
    }
    return new AppError('VALIDATION_FAILED', licenseImportMessages.emptyFile);
  }

  async get(id: string): Promise<LicenseImportUpload> {
    const upload = await this.#repository.find(id);
    if (!upload) throw notFound('licenseImportUpload');
    let run = upload.run ? await this.#repository.findRun(upload.run) : undefined;
    // A run that seems to go on may have lost its process (decision 082): the page shows it failed.
    if (run?.status === 'running' && (await this.#imports.failAbandoned()) > 0) {
      run = await this.#repository.findRun(run.id);
    }
    const mapping: ImportMapping =
      upload.requested_mapping ??
      (run?.mapping && Object.keys(run.mapping).length > 0
        ? run.mapping
        : suggestImportMapping(upload.columns, await this.#repository.rememberedMapping()));
    return {
      _id: upload.id,
      fileName: upload.file_name,
      bytes: Number(upload.file_bytes),
      columns: upload.columns,
      mapping,
      rowsExpected: upload.rows_expected,
      pending:
        upload.requested_dry_run === null
          ? null
          : { dryRun: upload.requested_dry_run, onlyValid: upload.requested_only_valid ?? false },
      run: run ? runView(run) : null,
      fileRemoved: upload.file_removed_at !== null,
      createdAt: upload.created_at.toISOString(),
    };
  }

  /**
   * Asks for a run of an uploaded file: a dry run, or the import after a dry run of the same
   * mapping. One run of a file at a time; the job does it.
   */
  async request(
    id: string,
    request: Required<LicenseImportRunRequest>,
    actor: string,
  ): Promise<LicenseImportUpload> {
    await this.#db.transaction().execute(async (transaction) => {
      const upload = await this.#repository.findForUpdate(id, transaction);
      if (!upload) throw notFound('licenseImportUpload');
      if (upload.file_removed_at) throw new AppError('CONFLICT', texts.fileGone);
      if (upload.requested_dry_run !== null) throw new AppError('CONFLICT', texts.runPending);
      if (!request.dryRun) {
        const run = upload.run ? await this.#repository.findRun(upload.run, transaction) : undefined;
        const checked = run?.dry_run && (run.status === 'checked' || run.status === 'refused');
        if (!checked || !sameMapping(run.mapping, request.mapping)) {
          throw new AppError('CONFLICT', texts.importNeedsDryRun);
        }
      }
      await this.#repository.request(id, { ...request, actor }, transaction);
      await this.#queue.send(JOBS.importLicenses, { uploadId: id }, { transaction });
    });
    return this.get(id);
  }

  /**
   * The job: runs what was asked for on a copy of the stored file. A killed process's job is
   * retried and the run starts over: the import writes in one transaction, so the killed one
   * wrote nothing; the run it left `running` is failed once its heartbeat is old (decision 082).
   * After the import the stored file is removed.
   */
  async work(id: string): Promise<void> {
    const upload = await this.#repository.find(id);
    if (!upload || upload.requested_dry_run === null) return;
    if (upload.file_removed_at) {
      await this.#repository.settled(id, null);
      return;
    }
    const dryRun = upload.requested_dry_run;
    const temporary = await temporaryFile();
    try {
      const stored = await this.#storage.get(storageKey(id));
      await pipeline(stored.stream, fs.createWriteStream(temporary.path));
      const outcome = await this.#imports.run({
        path: temporary.path,
        fileName: upload.file_name,
        actor: upload.requested_actor ?? upload.actor,
        dryRun,
        onlyValid: upload.requested_only_valid ?? false,
        mapping: upload.requested_mapping ?? {},
        onStart: (run) => this.#repository.startedRun(id, run),
      });
      if (!dryRun && outcome.status === 'completed') await this.#removeFile(id);
      await this.#repository.settled(id, dryRun ? outcome.rowsRead : null);
    } catch (error) {
      // The run is recorded failed with its reason, for the page, and may be asked for again; it
      // is not retried by itself (a killed process's job is: it never gets here).
      await this.#repository.settled(id, null);
      throw error;
    } finally {
      await temporary.done();
    }
  }

  async #removeFile(id: string): Promise<void> {
    await this.#storage.delete(storageKey(id));
    await this.#repository.fileRemoved(id);
  }

  /**
   * Removes the files of uploads nobody ran for a day, and fails the runs whose process ended
   * (decision 082: their staged rows go, whether or not anybody looks at the page).
   */
  async sweepAbandoned(now = new Date()): Promise<number> {
    await this.#imports.failAbandoned();
    const abandoned = await this.#repository.abandoned(new Date(now.getTime() - ABANDONED_AFTER_MS));
    for (const { id } of abandoned) await this.#removeFile(id);
    return abandoned.length;
  }

  /** The runs, newest first; one whose process ended is answered failed (decision 082). */
  async runs(skip: number, limit: number): Promise<{ runs: LicenseImportRun[]; total: number }> {
    await this.#imports.failAbandoned();
    const page = await this.#repository.runs(skip, limit);
    return { runs: page.runs.map(runView), total: page.total };
  }

  /** The first findings of a run (the page's report), and how many it has in all. */
  async findings(run: string): Promise<{ findings: LicenseImportFinding[]; total: number }> {
    await this.#run(run);
    const page = await this.#repository.findings(run, FINDINGS_SHOWN);
    return {
      findings: page.findings.map((finding) => ({
        line: finding.line,
        column: finding.column_title,
        kind: finding.kind as LicenseImportFinding['kind'],
        message: finding.message,
      })),
      total: page.total,
    };
  }

  /** A run's report as CSV (Zeile;Spalte;Art;Meldung), read a page at a time. */
  async report(run: string): Promise<{ fileName: string; body: Readable }> {
    const found = await this.#run(run);
    const imports = this.#imports;
    async function* lines() {
      yield `\uFEFF${csvLine(texts.reportColumns)}`;
      for await (const page of imports.findings(run)) {
        yield page
          .map((finding) =>
            csvLine([
              String(finding.line),
              finding.column_title ?? '',
              LICENSE_IMPORT_FINDING_LABELS[finding.kind as LicenseImportFinding['kind']],
              finding.message,
            ]),
          )
          .join('');
      }
    }
    return { fileName: texts.reportFile(found.file_name), body: Readable.from(lines()) };
  }

  async #run(id: string): Promise<RunRow> {
    const run = await this.#repository.findRun(id);
    if (!run) throw notFound('licenseImportRun');
    return run;
  }
}

function sameMapping(left: ImportMapping, right: ImportMapping): boolean {
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  // A column the mapping leaves out is read by its title; one mapped to null is not imported.
  const field = (mapping: ImportMapping, key: string) =>
    Object.hasOwn(mapping, key) ? mapping[key] : undefined;
  return [...keys].every((key) => field(left, key) === field(right, key));
}

function runView(run: RunRow): LicenseImportRun {
  return {
    _id: run.id,
    actor: run.actor,
    fileName: run.file_name,
    sha256: run.file_sha256,
    bytes: Number(run.file_bytes),
    format: run.format,
    encoding: run.encoding,
    dryRun: run.dry_run,
    onlyValid: run.only_valid,
    status: run.status,
    rowsRead: run.rows_read,
    imported: run.imported,
    unchanged: run.unchanged,
    different: run.different,
    invalid: run.invalid,
    error: run.error,
    createdAt: run.created_at.toISOString(),
    finishedAt: run.finished_at?.toISOString() ?? null,
  };
}
