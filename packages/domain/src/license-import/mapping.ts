import { z } from 'zod';
import { onFirstUse } from '../formats/on-first-use.ts';
import { licenseImportMessages as messages } from '../messages/license-import.ts';
import {
  importFieldTitle,
  isImportField,
  LICENSE_EXPORT_COLUMNS,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
} from './fields.ts';

/**
 * Which portal field a column of the file holds, by the column's title: a field's name, or `null`
 * for a column that is not imported. Columns the mapping does not name are read by their titles
 * (the export's, or the API's field names); the back office remembers the admin's mapping, the
 * command line reads it from a JSON file (`--mapping`).
 */
export type ImportMapping = Record<string, string | null>;

export const importMappingSchema = onFirstUse(() =>
  z.record(z.string().max(500), z.string().max(100).nullable()),
);

/** A finding about the columns: about the file as a whole (line 1, its head). */
export interface ColumnFinding {
  column: string | null;
  message: string;
  /** Notes (an unmapped column) do not stop an import. */
  kind: 'error' | 'note';
}

function normalizedTitle(title: string): string {
  return title
    .replace(/^\uFEFF/, '')
    .trim()
    .toLocaleLowerCase('de-DE');
}

/** The field a column's title names by itself: an export title or an API field name. */
export function fieldOfTitle(title: string): ImportField | null {
  const wanted = normalizedTitle(title);
  return (
    LICENSE_EXPORT_COLUMNS.find(
      (field) => normalizedTitle(importFieldTitle(field)) === wanted || field.toLowerCase() === wanted,
    ) ?? null
  );
}

/** The field each column of the file holds (`null`: not imported), and what is wrong with the columns. */
export function resolveImportColumns(
  columns: readonly string[],
  mapping: ImportMapping = {},
): { fields: (ImportField | null)[]; findings: ColumnFinding[] } {
  const findings: ColumnFinding[] = [];
  for (const [column, field] of Object.entries(mapping)) {
    if (!columns.includes(column))
      findings.push({ column: null, message: messages.unknownMappedColumn(column), kind: 'error' });
    if (field !== null && !isImportField(field))
      findings.push({ column, message: messages.unknownField(field), kind: 'error' });
  }
  const fields = columns.map((column) => {
    if (Object.hasOwn(mapping, column)) {
      const field = mapping[column];
      return field != null && isImportField(field) ? field : null;
    }
    return fieldOfTitle(column);
  });
  columns.forEach((column, index) => {
    if (
      fields[index] === null &&
      !(Object.hasOwn(mapping, column) && mapping[column] === null) &&
      column.trim() !== ''
    ) {
      findings.push({ column, message: messages.unmappedColumn(column), kind: 'note' });
    }
  });
  for (const field of LICENSE_EXPORT_COLUMNS) {
    const holding = columns.filter((_, index) => fields[index] === field);
    if (holding.length > 1) {
      findings.push({
        column: holding[1]!,
        message: messages.fieldMappedTwice(importFieldTitle(field), holding),
        kind: 'error',
      });
    }
  }
  for (const field of REQUIRED_IMPORT_FIELDS) {
    if (!fields.includes(field))
      findings.push({
        column: null,
        message: messages.missingColumn(importFieldTitle(field)),
        kind: 'error',
      });
  }
  return { fields, findings };
}
