/** The query builder above every back-office list (back-office spec §5). */
export const filterMessages = {
  /** The builder's landmark. */
  region: 'Filter',
  /** The loader in the builder while its rows' controls load (a list opened with filters). */
  loading: 'Filter werden geladen …',
  none: 'Kein Filter gesetzt: Die Liste zeigt alle Einträge.',
  add: 'Filter hinzufügen',
  apply: 'Filter anwenden',
  /** Beside „Filter anwenden” while the list already shows the filters as they are. */
  alreadyApplied: 'Die Liste zeigt diese Filter schon. Ändern Sie einen Filter, um neu zu filtern.',
  removeAll: 'Alle Filter entfernen',
  /** „Filter 2”: names a rule's controls for screen readers, before their visible labels. */
  rule: (position: number) => `Filter ${position}`,
  /** The visible labels of a rule's controls; a screen reader hears „Filter 2: Wert”. */
  field: 'Feld',
  operator: 'Operator',
  value: 'Wert',
  remove: (rule: string) => `${rule} entfernen`,
  choose: 'Bitte wählen',
  valuesHint: 'Wert eingeben, Enter',
  dateHint: 'z. B. 31.12.2026',
} as const;
