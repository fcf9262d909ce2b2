import { z } from 'zod';
import { onFirstUse } from '../formats/on-first-use.ts';
import { recordIdSchema } from '../formats/record-id.ts';
import { LICENSE_IMPORT_STATUS_LABELS } from '../messages/license-import.ts';
import { fieldOfTitle, importMappingSchema, type ImportMapping } from './mapping.ts';
import { isImportField } from './fields.ts';

/**
 * The largest file „Lizenzen importieren” takes: streamed to the storage, never held whole. The
 * real stock (100,000 licenses) exports to about 30 MB.
 */
export const LICENSE_IMPORT_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The most licenses one import reads (ten times the real stock): a file with more is refused after
 * its first pass, which counts them without holding the file, before a row is staged (decision 061).
 */
export const LICENSE_IMPORT_MAX_ROWS = 1_000_000;

/**
 * The mapping the page starts with: each column as the last run mapped it (the mapping is
 * remembered for every admin, decision 061), else the field its title names, else not imported.
 * The same format as the command line's `--mapping` file.
 */
export function suggestImportMapping(
  columns: readonly string[],
  remembered: ImportMapping = {},
): ImportMapping {
  const mapping: ImportMapping = {};
  for (const column of columns) {
    const earlier = Object.hasOwn(remembered, column) ? remembered[column] : undefined;
    mapping[column] =
      earlier === null || (earlier !== undefined && isImportField(earlier)) ? earlier : fieldOfTitle(column);
  }
  return mapping;
}

const statusSchema = z.enum(
  Object.keys(LICENSE_IMPORT_STATUS_LABELS) as [keyof typeof LICENSE_IMPORT_STATUS_LABELS],
);

/** A run of the import as the back office lists it (who, when, which file, what it found). */
export const licenseImportRunSchema = onFirstUse(() =>
  z.object({
    _id: recordIdSchema,
    actor: z.string(),
    fileName: z.string(),
    sha256: z.string(),
    bytes: z.number().int(),
    format: z.enum(['csv', 'json-lines', 'json-array']),
    encoding: z.enum(['utf-8', 'windows-1252']),
    dryRun: z.boolean(),
    onlyValid: z.boolean(),
    status: statusSchema,
    rowsRead: z.number().int(),
    imported: z.number().int(),
    unchanged: z.number().int(),
    different: z.number().int(),
    invalid: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
  }),
);
export type LicenseImportRun = z.infer<ReturnType<typeof licenseImportRunSchema>>;

/** An uploaded file, its columns and mapping, the run asked for and the latest run. */
export const licenseImportUploadSchema = onFirstUse(() =>
  z.object({
    _id: recordIdSchema,
    fileName: z.string(),
    bytes: z.number().int(),
    columns: z.array(z.string()),
    /** The mapping of the run asked for or of the latest run, else the suggested one. */
    mapping: importMappingSchema(),
    /** Rows to expect (the file's lines; once a dry run read them, its rows): the progress bar's end. */
    rowsExpected: z.number().int(),
    /** The run asked for that has not finished yet. */
    pending: z.object({ dryRun: z.boolean(), onlyValid: z.boolean() }).nullable(),
    run: licenseImportRunSchema().nullable(),
    /** The file is gone from the storage (imported, or abandoned for a day): it runs no more. */
    fileRemoved: z.boolean(),
    createdAt: z.iso.datetime(),
  }),
);
export type LicenseImportUpload = z.infer<ReturnType<typeof licenseImportUploadSchema>>;

/** What the page asks of an uploaded file: a dry run, or the import after one. */
export const licenseImportRunRequestSchema = onFirstUse(() =>
  z.strictObject({
    mapping: importMappingSchema(),
    dryRun: z.boolean(),
    /** „Nur gültige Zeilen importieren”: asked for explicitly, never by default. */
    onlyValid: z.boolean().default(false),
  }),
);
export type LicenseImportRunRequest = z.input<ReturnType<typeof licenseImportRunRequestSchema>>;

export const LICENSE_IMPORT_FINDING_KINDS = ['error', 'different', 'unchanged', 'note'] as const;

/** One line of a run's report. */
export const licenseImportFindingSchema = onFirstUse(() =>
  z.object({
    line: z.number().int(),
    column: z.string().nullable(),
    kind: z.enum(LICENSE_IMPORT_FINDING_KINDS),
    message: z.string(),
  }),
);
export type LicenseImportFinding = z.infer<ReturnType<typeof licenseImportFindingSchema>>;
