/** The accessible names of the shared data table (the back office's lists). */
export const dataTableMessages = {
  detailsColumn: 'Details',
  toggleDetails: (row: string, open: boolean) => `Details zu ${row} ${open ? 'ausblenden' : 'anzeigen'}`,
  selectAll: 'Alle Zeilen auswählen',
  selectRow: (row: string) => `${row} auswählen`,
  /** Read after a sortable column's title, e.g. „Erzeugt (absteigend sortiert)”. */
  sortState: { asc: 'aufsteigend sortiert', desc: 'absteigend sortiert', none: 'nicht sortiert' },
} as const;
