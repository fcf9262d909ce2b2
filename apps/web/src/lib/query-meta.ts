/**
 * The `meta` of a query that belongs to nobody in particular (settings, a key's status) and so
 * outlives sign-ins and sign-outs.
 */
export const SESSION_INDEPENDENT = { sessionIndependent: true } as const;
