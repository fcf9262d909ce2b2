import { withAutomaticPermissions } from '../license/permissions.ts';
import type { SpecialPermission } from '../license/enums.ts';
import { licenseImportMessages as messages } from '../messages/license-import.ts';
import {
  LICENSE_EXPORT_COLUMNS,
  readImportCell,
  REQUIRED_IMPORT_FIELDS,
  type ImportField,
  type ImportValues,
} from './fields.ts';

/** A row of an import as the portal will store it, once the checks across rows have passed. */
export interface ImportedLicense {
  /** The export's ID, kept when the portal has it free; else the database draws one. */
  id: string | null;
  key: string;
  startCode: string;
  version: ImportValues['version'];
  status: ImportValues['status'];
  authenticationCode: string;
  typeOfEntry: ImportValues['typeOfEntry'];
  entryReference: string | null;
  holderType: ImportValues['holder.holderType'] | null;
  holderName: string | null;
  holderEmail: string | null;
  holderContact: string | null;
  boundAt: Date | null;
  notes: string | null;
  class: ImportValues['properties.class'];
  type: ImportValues['properties.type'];
  size: number;
  delivery: ImportValues['properties.delivery'];
  dvdCount: number | null;
  specialPermissions: string[];
  softwareDownloads: number;
  metasearchDownloads: number;
  productSku: string | null;
  extensionSku: string | null;
  /** The license this one was updated to, as the file names it (resolved across the file and the portal). */
  successor: ImportValues['updatedToLicense'] | null;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/** What is wrong with a row: the field (its column) and the German message. */
export interface ImportProblem {
  field: ImportField | null;
  message: string;
}

/**
 * Reads a row of an import: each carried field's cell, then what the fields say together. Fields
 * the file does not carry take the create form's defaults (full version, 1 seat, download, DVDs 0
 * for version 9), the automatic permissions, and as authentication code what sign-in asks for: the
 * holder name once bound, else the start code.
 */
export function readImportRow(
  cells: Partial<Record<ImportField, unknown>>,
  carried: ReadonlySet<ImportField>,
): { license: ImportedLicense | null; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const values: Partial<{ [Field in ImportField]: ImportValues[Field] | null }> = {};
  for (const field of LICENSE_EXPORT_COLUMNS) {
    if (!carried.has(field)) continue;
    const read = readImportCell(field, cells[field]);
    if ('error' in read) problems.push({ field, message: read.error });
    else (values as Record<string, unknown>)[field] = read.value;
  }
  for (const field of REQUIRED_IMPORT_FIELDS) {
    if (carried.has(field) && values[field] === null) problems.push({ field, message: messages.required });
  }
  const status = values.status;
  const holderName = values['holder.name'] ?? null;
  if (status === 'bound' && !holderName && !problems.some((problem) => problem.field === 'holder.name')) {
    problems.push({ field: 'holder.name', message: messages.boundWithoutHolder });
  }
  if (problems.length > 0) return { license: null, problems };

  const version = values.version!;
  const properties = {
    class: values['properties.class']!,
    type: values['properties.type'] ?? 'full',
    size: values['properties.size'] ?? 1,
    delivery: values['properties.delivery'] ?? 'download',
  };
  const startCode = values.startCode!;
  const specialPermissions = carried.has('specialPermissions')
    ? (values.specialPermissions ?? [])
    : withAutomaticPermissions([], properties);
  const createdAt = values.createdAt ?? null;
  return {
    license: {
      id: values._id ?? null,
      key: values.key!,
      startCode,
      version,
      status: status!,
      authenticationCode:
        values.authenticationCode ?? (holderName && status !== 'unbound' ? holderName : startCode),
      typeOfEntry: values.typeOfEntry ?? 'manual',
      entryReference: values.entryReference ?? null,
      holderType: values['holder.holderType'] ?? null,
      holderName,
      holderEmail: values['holder.email'] ?? null,
      holderContact: values['holder.contact'] ?? null,
      boundAt: values.boundAt ?? null,
      notes: values.notes ?? null,
      ...properties,
      dvdCount: carried.has('properties.dvdCount')
        ? (values['properties.dvdCount'] ?? null)
        : version === '9'
          ? 0
          : null,
      specialPermissions: specialPermissions as SpecialPermission[],
      softwareDownloads: values['downloads.software'] ?? 0,
      metasearchDownloads: values['downloads.metasearch'] ?? 0,
      productSku: values.productSKU ?? null,
      extensionSku: values.extensionSKU ?? null,
      successor: values.updatedToLicense ?? null,
      createdAt,
      updatedAt: values.updatedAt ?? createdAt,
    },
    problems,
  };
}
