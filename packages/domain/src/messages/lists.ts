import { formatCount } from '../formats/numbers.ts';
import { counted, type CountedNoun } from './plurals.ts';

/** Why a list request (`GET /license?…`, the query builder's values) cannot be answered. */
export const listMessages = {
  unknownField: (name: string) => `Nach „${name}” kann nicht gefiltert werden.`,
  notSortable: (name: string) => `Nach „${name}” kann nicht sortiert werden.`,
  /** `operator`: the operator's label (`operatorRow(operator).label`), „Wort beginnt mit”. */
  operatorNotAllowed: (label: string, operator: string) =>
    `„${label}” kann nicht mit „${operator}” gefiltert werden.`,
  valueRequired: (label: string) => `Bitte geben Sie einen Wert für „${label}” an.`,
  valueTooLong: (label: string) => `Der Wert für „${label}” ist zu lang.`,
  integerExpected: (label: string) => `„${label}” erwartet eine ganze Zahl.`,
  dateExpected: (label: string) =>
    `„${label}” erwartet ein Datum wie 31.12.2026, gern mit Uhrzeit (31.12.2026 14:30).`,
  idExpected: (label: string) => `„${label}” erwartet eine ID.`,
  optionExpected: (label: string, value: string, options: readonly string[]) =>
    `„${value}” ist kein gültiger Wert für „${label}” (${options.join(', ')}).`,
  countExpected: (name: string) => `„${name}” muss eine ganze Zahl ab 0 sein.`,
  limitTooHigh: (max: number) => `„limit” darf höchstens ${max} sein (0 = alle).`,
  tooManyForAll: (total: number, exact: boolean, max: number) =>
    `Die Liste hat ${listTotal(total, exact, 'entry')}, „Alle” zeigt höchstens ${formatCount(max)}. Bitte filtern Sie die Liste oder wählen Sie eine Seitengröße.`,
  /** The rows a page shows, under the table: „21–40 von 45”, „1–20 von mehr als 10.000”. */
  pageRange: (from: number, to: number, total: number, exact: boolean) =>
    `${formatCount(from)}–${formatCount(to)} von ${listTotal(total, exact)}`,
} as const;

/** The pager under every back-office list (back-office spec §5: „Elemente pro Seite”). */
export const pagerMessages = {
  pageSize: 'Elemente pro Seite',
  /** The page size that shows every row (`limit=0`). */
  allRows: 'Alle',
  first: 'Erste Seite',
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  last: 'Letzte Seite',
  page: (page: number) => `Seite ${formatCount(page)}`,
} as const;

/**
 * A list's number of matching rows: exact, or where counting stopped — lists count exactly only
 * up to a limit, beyond which counting a million rows would cost more than the page (decision 025).
 */
export function listTotal(total: number, exact: boolean, noun?: CountedNoun): string {
  const count = noun ? counted(total, noun) : formatCount(total);
  return exact ? count : `mehr als ${count}`;
}
