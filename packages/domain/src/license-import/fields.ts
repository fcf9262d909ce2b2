import { z } from 'zod';
import { berlinTime } from '../formats/dates.ts';
import { normalizeLicenseKey } from '../formats/license-key.ts';
import { normalizeStartCode } from '../formats/start-code.ts';
import { SPREADSHEET_FORMULA_START } from '../formats/spreadsheet.ts';
import { findListField, type ListField } from '../list-query/fields.ts';
import { LICENSE_LIST_FIELDS, type LicenseListFieldName } from '../license/list-fields.ts';
import { MAX_LICENSE_SIZE } from '../license/schema.ts';
import { licenseImportMessages as messages } from '../messages/license-import.ts';

/**
 * The columns of the license export („Lizenzen als CSV”), in the order an admin reads them. The
 * import reads the same columns by the same titles (the list fields' labels): an export of one
 * portal imports into another unchanged.
 */
export const LICENSE_EXPORT_COLUMNS = [
  'key',
  'startCode',
  'version',
  'status',
  'properties.class',
  'properties.type',
  'properties.size',
  'properties.delivery',
  'properties.dvdCount',
  'holder.holderType',
  'holder.name',
  'holder.contact',
  'holder.email',
  'authenticationCode',
  'boundAt',
  'typeOfEntry',
  'entryReference',
  'notes',
  'specialPermissions',
  'downloads.software',
  'downloads.metasearch',
  'productSKU',
  'extensionSKU',
  'updatedToLicense',
  'createdAt',
  'updatedAt',
  '_id',
] as const satisfies readonly LicenseListFieldName[];

/** A field a row of an import can carry: every column of the export. */
export type ImportField = (typeof LICENSE_EXPORT_COLUMNS)[number];

/** The fields without which a row is no license the portal can sign in with. */
export const REQUIRED_IMPORT_FIELDS = [
  'key',
  'startCode',
  'version',
  'status',
  'properties.class',
] as const satisfies readonly ImportField[];

/** A cell's value read, or what is wrong with it. */
export type CellResult<T> = { value: T } | { error: string };

const MAX_COUNT = 2_147_483_647;

function listField(name: ImportField): ListField {
  return findListField(LICENSE_LIST_FIELDS, name)!;
}

/** The column title of a field: the export's (its list label). */
export function importFieldTitle(field: ImportField): string {
  return listField(field).label;
}

export function isImportField(name: string): name is ImportField {
  return (LICENSE_EXPORT_COLUMNS as readonly string[]).includes(name);
}

/**
 * A cell as text: trimmed, and without the apostrophe the export puts before what a spreadsheet
 * would run as a formula. Numbers (JSON) are written as text; an empty cell is `null`.
 */
export function cellText(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const text = typeof raw === 'string' ? raw : String(raw);
  const defused =
    text.startsWith("'") && SPREADSHEET_FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
  const trimmed = defused.trim();
  return trimmed === '' ? null : trimmed;
}

/** Each enumerated field's options by their value and German label, lower-cased (read once per field). */
const optionsByText = new Map<ImportField, Map<string, string>>();

function optionTexts(field: ImportField): Map<string, string> {
  let texts = optionsByText.get(field);
  if (!texts) {
    texts = new Map();
    // The first option whose value or label reads so wins, as a search through the list would find it.
    for (const candidate of listField(field).options ?? []) {
      for (const text of [candidate.value, candidate.label]) {
        const lower = text.toLocaleLowerCase('de-DE');
        if (!texts.has(lower)) texts.set(lower, candidate.value);
      }
    }
    optionsByText.set(field, texts);
  }
  return texts;
}

/** An option of an enumerated field, by its value or its German label, in any case. */
function option(field: ImportField, text: string): CellResult<string> {
  const found = optionTexts(field).get(text.toLocaleLowerCase('de-DE'));
  return found !== undefined
    ? { value: found }
    : {
        error: messages.unknownValue(
          text,
          (listField(field).options ?? []).map((candidate) => candidate.label),
        ),
      };
}

function wholeNumber(text: string, min: number, max: number): CellResult<number> {
  const digits = text.replace(/[.\s]/g, '');
  const number = /^-?\d+$/.test(digits) ? Number(digits) : Number.NaN;
  return Number.isSafeInteger(number) && number >= min && number <= max
    ? { value: number }
    : { error: messages.notAWholeNumber(text, min, max) };
}

const GERMAN_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A date as the export writes it (`DD.MM.YY HH:mm:ss`, Berlin time), as German systems do
 * (`DD.MM.YYYY`, with or without time) or ISO 8601. A two-digit year is of this century unless
 * that would lie in the future.
 */
export function parseImportDate(text: string): Date | null {
  const german = GERMAN_DATE.exec(text);
  if (german) {
    const [, day, month, year, hour, minute, second] = german.map((part) =>
      part === undefined ? 0 : Number(part),
    );
    let fullYear = year!;
    if (german[3]!.length === 2) {
      fullYear = 2000 + year!;
      if (fullYear > new Date().getFullYear()) fullYear -= 100;
    }
    const calendar = new Date(Date.UTC(fullYear, month! - 1, day!));
    if (calendar.getUTCMonth() !== month! - 1 || calendar.getUTCDate() !== day) return null;
    if (hour! > 23 || minute! > 59 || second! > 59) return null;
    return berlinTime(fullYear, month!, day!, hour, minute, second);
  }
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) {
    const date = new Date(/[T ]/.test(text) && !/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? `${text}Z` : text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

function date(text: string): CellResult<Date> {
  const parsed = parseImportDate(text);
  return parsed ? { value: parsed } : { error: messages.notADate(text) };
}

const NOT_IN_A_LINE = /[\p{Cc}\u2028\u2029]/u;
const NOT_IN_A_TEXT = /[^\P{Cc}\t\n\r]/u;

function line(max: number) {
  return (text: string): CellResult<string> => {
    if (NOT_IN_A_LINE.test(text)) return { error: messages.lineBreak };
    return text.length > max ? { error: messages.tooLong(max) } : { value: text };
  };
}

function lines(max: number) {
  return (text: string): CellResult<string> => {
    if (NOT_IN_A_TEXT.test(text)) return { error: messages.controlCharacter };
    return text.length > max ? { error: messages.tooLong(max) } : { value: text };
  };
}

let emailSchema: z.ZodEmail | undefined;

function email(text: string): CellResult<string> {
  emailSchema ??= z.email();
  if (text.length > 254 || !emailSchema.safeParse(text).success) return { error: messages.notAnEmail(text) };
  return { value: text };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value a cell of each field holds; an empty cell never reaches these. */
export interface ImportValues {
  key: string;
  startCode: string;
  version: '7' | '8' | '9';
  status: 'unbound' | 'bound' | 'disabled';
  'properties.class': 'single' | 'multiple' | 'server' | 'pro' | 'personal';
  'properties.type': 'full' | 'update';
  'properties.size': number;
  'properties.delivery': 'download' | 'dvd';
  'properties.dvdCount': number;
  'holder.holderType': 'person' | 'organization';
  'holder.name': string;
  'holder.contact': string;
  'holder.email': string;
  authenticationCode: string;
  boundAt: Date;
  typeOfEntry: 'manual' | 'order';
  entryReference: string;
  notes: string;
  specialPermissions: string[];
  'downloads.software': number;
  'downloads.metasearch': number;
  productSKU: string;
  extensionSKU: string;
  /** The successor as the file names it: a license's ID (the export's) or its key. */
  updatedToLicense: { id: string } | { key: string };
  createdAt: Date;
  updatedAt: Date;
  _id: string;
}

type Readers = { [Field in ImportField]: (text: string, raw: unknown) => CellResult<ImportValues[Field]> };

/**
 * How each field's cell is read. Keys and start codes are taken as the old system wrote them,
 * normalised as sign-in normalises what is typed (decision 061).
 */
const READERS: Readers = {
  key: (text) => {
    const key = normalizeLicenseKey(text);
    return /^[A-Z0-9]{12}$/.test(key) && !/[^A-Za-z0-9\s\-_./]/.test(text)
      ? { value: key }
      : { error: messages.keyShape(text) };
  },
  startCode: (text) => {
    const code = normalizeStartCode(text);
    return code.length === 6 && /^[\d\s\-./]+$/.test(text)
      ? { value: code }
      : { error: messages.startCodeShape(text) };
  },
  version: (text) => option('version', text) as CellResult<ImportValues['version']>,
  status: (text) => option('status', text) as CellResult<ImportValues['status']>,
  'properties.class': (text) =>
    option('properties.class', text) as CellResult<ImportValues['properties.class']>,
  'properties.type': (text) => option('properties.type', text) as CellResult<ImportValues['properties.type']>,
  'properties.size': (text) => wholeNumber(text, 1, MAX_LICENSE_SIZE),
  'properties.delivery': (text) =>
    option('properties.delivery', text) as CellResult<ImportValues['properties.delivery']>,
  'properties.dvdCount': (text) => wholeNumber(text, 0, MAX_LICENSE_SIZE),
  'holder.holderType': (text) =>
    option('holder.holderType', text) as CellResult<ImportValues['holder.holderType']>,
  'holder.name': line(200),
  'holder.contact': line(200),
  'holder.email': email,
  authenticationCode: line(200),
  boundAt: date,
  typeOfEntry: (text) => option('typeOfEntry', text) as CellResult<ImportValues['typeOfEntry']>,
  entryReference: line(200),
  notes: lines(5000),
  specialPermissions: (text, raw) => {
    const parts = Array.isArray(raw) ? raw.map((part) => String(part).trim()) : text.split(/\s*[,;|]\s*/);
    const values: string[] = [];
    for (const part of parts.filter((candidate) => candidate !== '')) {
      const read = option('specialPermissions', part);
      if ('error' in read) return read;
      if (!values.includes(read.value)) values.push(read.value);
    }
    return { value: values };
  },
  'downloads.software': (text) => wholeNumber(text, 0, MAX_COUNT),
  'downloads.metasearch': (text) => wholeNumber(text, 0, MAX_COUNT),
  productSKU: line(50),
  extensionSKU: line(50),
  updatedToLicense: (text) => {
    if (UUID.test(text)) return { value: { id: text.toLowerCase() } };
    const key = READERS.key(text, text);
    return 'error' in key ? key : { value: { key: key.value } };
  },
  createdAt: date,
  updatedAt: date,
  _id: (text) => (UUID.test(text) ? { value: text.toLowerCase() } : { error: messages.notAnId(text) }),
};

/** Reads one cell of a field: `null` when it is empty. */
export function readImportCell<Field extends ImportField>(
  field: Field,
  raw: unknown,
): CellResult<ImportValues[Field] | null> {
  if (Array.isArray(raw) && field === 'specialPermissions') {
    return READERS.specialPermissions('', raw) as CellResult<ImportValues[Field]>;
  }
  const text = cellText(raw);
  if (text === null) return { value: null };
  return READERS[field](text, raw);
}
