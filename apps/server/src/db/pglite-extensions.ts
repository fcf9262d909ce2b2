import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (013: trigram indexes of the list searches).
 * PGlite bundles each as a module that must be handed over whenever it opens a database, or the
 * migration cannot create it and a query using one of its indexes fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
