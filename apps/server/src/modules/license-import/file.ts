import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { LICENSE_IMPORT_MAX_ROWS, licenseImportMessages as messages } from '@lizenzportal/domain';

/** What the first pass over a file found: its fingerprint, its encoding and its format. */
export interface ImportFile {
  path: string;
  /** The name the file is recorded and reported under (an upload's original name). */
  name: string;
  bytes: number;
  sha256: string;
  encoding: 'utf-8' | 'windows-1252';
  format: 'csv' | 'json-lines' | 'json-array';
  /** The CSV's separator, read from its head. */
  delimiter: ';' | ',';
  /** The rows it holds (a CSV's records but its head, JSON Lines' lines), counted by the first pass; a JSON array's are not. */
  rows: number | null;
  /** Why the file cannot be read at all (an encoding of neither kind, UTF-16, empty, too many rows). */
  problem: string | null;
}

/** A JSON array is parsed whole: above this size, the file must come as JSON Lines or CSV. */
const JSON_ARRAY_LIMIT_BYTES = 64 * 1024 * 1024;

/** Bytes Windows-1252 leaves undefined: a file holding one is in neither encoding the import reads. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const HEAD_BYTES = 64 * 1024;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * Counts a file's records as its chunks pass: CSV records (a line break inside quotes is part of
 * a cell; `""` toggles twice) and non-empty lines (JSON Lines). Quotes and line breaks are the
 * same bytes in UTF-8 and Windows-1252.
 */
class RecordCounter {
  records = 0;
  lines = 0;
  #quoted = false;
  #recordHasText = false;
  #lineHasText = false;

  add(chunk: Buffer): void {
    let quoted = this.#quoted;
    let recordHasText = this.#recordHasText;
    let lineHasText = this.#lineHasText;
    for (let index = 0; index < chunk.length; index++) {
      const byte = chunk[index]!;
      if (byte === LF || byte === CR) {
        if (lineHasText) this.lines += 1;
        lineHasText = false;
        if (!quoted && recordHasText) {
          this.records += 1;
          recordHasText = false;
        }
      } else {
        if (byte === QUOTE) quoted = !quoted;
        recordHasText = true;
        lineHasText = true;
      }
    }
    this.#quoted = quoted;
    this.#recordHasText = recordHasText;
    this.#lineHasText = lineHasText;
  }

  end(): void {
    if (this.#lineHasText) this.lines += 1;
    if (this.#recordHasText) this.records += 1;
    this.#lineHasText = false;
    this.#recordHasText = false;
  }
}

/**
 * The first pass over a file: its SHA-256 and size, whether it is UTF-8 (with or without BOM) or
 * else Windows-1252 — as old German systems export — and whether it is CSV or JSON. Reads the file
 * once in chunks, whatever its size.
 */
export async function inspectImportFile(path: string, name: string): Promise<ImportFile> {
  const hash = crypto.createHash('sha256');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let undefinedByte: number | null = null;
  let nulByte = false;
  let bytes = 0;
  let head = Buffer.alloc(0);
  const counter = new RecordCounter();
  for await (const chunk of fs.createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    counter.add(chunk);
    bytes += chunk.length;
    if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
    if (isUtf8) {
      try {
        utf8.decode(chunk, { stream: true });
      } catch {
        isUtf8 = false;
      }
    }
    if (!nulByte && chunk.includes(0)) nulByte = true;
    if (undefinedByte === null) {
      for (const byte of chunk) {
        if (UNDEFINED_IN_1252.has(byte)) {
          undefinedByte = byte;
          break;
        }
      }
    }
  }
  counter.end();
  if (isUtf8) {
    try {
      utf8.decode();
    } catch {
      isUtf8 = false;
    }
  }
  const encoding = isUtf8 ? 'utf-8' : 'windows-1252';
  const text = iconv.decode(head, encoding).replace(/^\uFEFF/, '');
  const start = text.trimStart()[0];
  const format = start === '[' ? 'json-array' : start === '{' ? 'json-lines' : 'csv';
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const outsideQuotes = firstLine.replace(/"[^"]*"/g, '');
  const delimiter =
    (outsideQuotes.match(/,/g)?.length ?? 0) > (outsideQuotes.match(/;/g)?.length ?? 0) ? ',' : ';';
  const rows =
    format === 'csv' ? Math.max(0, counter.records - 1) : format === 'json-lines' ? counter.lines : null;
  let problem: string | null = null;
  if (bytes === 0 || text.trim() === '') problem = messages.emptyFile;
  else if (head[0] === 0xff && head[1] === 0xfe) problem = messages.utf16;
  else if (head[0] === 0xfe && head[1] === 0xff) problem = messages.utf16;
  else if (nulByte) problem = messages.utf16;
  else if (!isUtf8 && undefinedByte !== null) problem = messages.notWindows1252(undefinedByte);
  else if (format === 'json-array' && bytes > JSON_ARRAY_LIMIT_BYTES) {
    problem = messages.jsonArrayTooLarge(JSON_ARRAY_LIMIT_BYTES / 1024 / 1024);
  } else if (rows !== null && rows > LICENSE_IMPORT_MAX_ROWS) {
    problem = messages.tooManyRows(rows, LICENSE_IMPORT_MAX_ROWS);
  }
  return {
    path,
    name,
    bytes,
    sha256: hash.digest('hex'),
    encoding,
    format,
    delimiter,
    rows,
    problem,
  };
}

/** What the second pass reads: the head (column titles), each row with its line, or a finding. */
export type FileEvent =
  | { type: 'head'; columns: string[] }
  | { type: 'row'; line: number; cells: Record<string, unknown> }
  | { type: 'problem'; line: number; column: string | null; message: string };

function decoded(file: ImportFile): Readable {
  const stream = fs.createReadStream(file.path);
  const decoder = iconv.decodeStream(file.encoding, { stripBOM: true }) as unknown as Readable &
    NodeJS.WritableStream;
  return stream.pipe(decoder);
}

/** Line breaks in a cell as csv-parse counts them (a CRLF inside quotes counts twice), and as a reader does. */
function breaksIn(cells: readonly string[]): { counted: number; real: number } {
  let counted = 0;
  let real = 0;
  for (const cell of cells) {
    if (!/[\r\n]/.test(cell)) continue;
    const crlf = cell.match(/\r\n/g)?.length ?? 0;
    const all = cell.match(/\r\n|\r|\n/g)?.length ?? 0;
    real += all;
    counted += all + crlf;
  }
  return { counted, real };
}

/**
 * The second pass: the file's rows, decoded, one at a time (the file is never held whole but for a
 * JSON array, which is limited in size). CSV rows are keyed by their column's title, JSON objects
 * by their fields' dotted names (`holder.name`).
 */
export async function* readImportFile(file: ImportFile): AsyncGenerator<FileEvent> {
  if (file.format === 'csv') yield* readCsv(file);
  else if (file.format === 'json-lines') yield* readJsonLines(file);
  else yield* readJsonArray(file);
}

async function* readCsv(file: ImportFile): AsyncGenerator<FileEvent> {
  const parser = decoded(file).pipe(
    parse({
      delimiter: file.delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
    }),
  );
  let columns: string[] | null = null;
  // csv-parse counts a CRLF inside quotes as two lines: what it over-counted so far.
  let overCounted = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      const breaks = breaksIn(record);
      overCounted += breaks.counted - breaks.real;
      const endLine = info.lines - overCounted;
      const line = endLine - breaks.real;
      if (!columns) {
        columns = record.map((title) => title.trim());
        yield { type: 'head', columns };
        continue;
      }
      if (record.length !== columns.length) {
        yield {
          type: 'problem',
          line,
          column: null,
          message: messages.columnCount(record.length, columns.length),
        };
        continue;
      }
      const cells: Record<string, unknown> = {};
      columns.forEach((column, index) => {
        cells[column] = record[index];
      });
      yield { type: 'row', line, cells };
    }
  } catch (error) {
    const where = error as { code?: string; lines?: number; message?: string };
    if (!where.code?.startsWith('CSV_')) throw error;
    yield {
      type: 'problem',
      line: Math.max(1, (where.lines ?? 1) - overCounted),
      column: null,
      message: messages.csvSyntax(where.message ?? where.code),
    };
  }
  if (!columns) yield { type: 'problem', line: 1, column: null, message: messages.emptyFile };
}

/** An object's fields by dotted name: `{holder: {name}}` → `holder.name`; lists and values as they are. */
function flattened(object: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}) {
  for (const [name, value] of Object.entries(object)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      flattened(value as Record<string, unknown>, `${prefix}${name}.`, into);
    } else {
      into[`${prefix}${name}`] = value;
    }
  }
  return into;
}

function objectEvent(value: unknown, line: number): FileEvent {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { type: 'problem', line, column: null, message: messages.jsonNotObject };
  }
  return { type: 'row', line, cells: flattened(value as Record<string, unknown>) };
}

async function* readJsonLines(file: ImportFile): AsyncGenerator<FileEvent> {
  yield { type: 'head', columns: [] };
  let line = 0;
  for await (const text of readline.createInterface({ input: decoded(file), crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield { type: 'problem', line, column: null, message: messages.jsonSyntax((error as Error).message) };
      continue;
    }
    yield objectEvent(value, line);
  }
}

async function* readJsonArray(file: ImportFile): AsyncGenerator<FileEvent> {
  yield { type: 'head', columns: [] };
  let chunks = '';
  for await (const chunk of decoded(file) as AsyncIterable<string>) chunks += chunk;
  let value: unknown;
  try {
    value = JSON.parse(chunks);
  } catch (error) {
    yield { type: 'problem', line: 1, column: null, message: messages.jsonSyntax((error as Error).message) };
    return;
  }
  if (!Array.isArray(value)) {
    yield { type: 'problem', line: 1, column: null, message: messages.jsonNotObject };
    return;
  }
  for (const [index, entry] of value.entries()) yield objectEvent(entry, index + 1);
}
