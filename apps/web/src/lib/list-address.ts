/**
 * The address parameter of a list's filters (`filter=field~operator~value__…`): its own module, so
 * that a list's first screen, drawn with the entry, knows whether the address filters without
 * loading the filters' grammar (decision 078).
 */
export const FILTER_PARAMETER = 'filter';
