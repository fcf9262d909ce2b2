/**
 * What makes a spreadsheet read a cell as a formula: = + - @, a tab or a carriage return first, or
 * the full-width = + - @ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which spreadsheets take for their ASCII
 * twins. The CSV export puts an apostrophe before such a cell; the import takes it off again.
 */
export const SPREADSHEET_FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
