import {
  findListField,
  formatDateTime,
  SPREADSHEET_FORMULA_START,
  type ListField,
  type ListFields,
} from '@lizenzportal/domain';

/**
 * CSV as German spreadsheet programs open it: UTF-8 with a byte-order mark, `;` between cells,
 * CRLF line ends, cells quoted where needed. A cell that a spreadsheet would run as a formula
 * (`SPREADSHEET_FORMULA_START`) gets a leading apostrophe.
 */
export interface CsvLayout<Item> {
  head: string;
  rows: (items: readonly Item[]) => string;
}

/**
 * A CSV layout over list fields: each column is a field of the list's definition, headed by its
 * German label, its value read from the item by the dotted field name and shown as the list shows
 * it (option labels, Berlin dates). `display` overrides how a column's value is written.
 */
export function csvLayout<Item>(
  fields: ListFields,
  columns: readonly string[],
  display: Partial<Record<string, (value: unknown) => string>> = {},
): CsvLayout<Item> {
  const shown = columns.map((name) => {
    const field = findListField(fields, name);
    if (!field) throw new Error(`unknown list field ${name}`);
    return { field, write: display[name] ?? ((value: unknown) => cellText(field, value)) };
  });
  return {
    head: `\uFEFF${csvLine(shown.map(({ field }) => field.label))}`,
    rows: (items) =>
      items
        .map((item) => csvLine(shown.map(({ field, write }) => write(valueAt(item, field.name)))))
        .join(''),
  };
}

function valueAt(item: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], item);
}

function cellText(field: ListField, value: unknown): string {
  if (value === null || value === undefined) return '';
  const optionLabel = (option: unknown) =>
    field.options?.find((candidate) => candidate.value === String(option))?.label ?? String(option);
  if (Array.isArray(value)) return value.map(optionLabel).join(', ');
  if (field.type === 'date') return formatDateTime(String(value));
  return optionLabel(value);
}

/** One line of such a file: its cells quoted where needed, `;` between them, CRLF at its end. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(quote).join(';')}\r\n`;
}

function quote(cell: string): string {
  const safe = SPREADSHEET_FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
