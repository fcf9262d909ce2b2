import fs from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What every PGlite of the portal opens with, whatever its data. */
export type PgliteBaseOptions = Pick<
  PGliteOptions,
  'extensions' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'
>;

let base: Promise<PgliteBaseOptions> | undefined;

/**
 * The options every PGlite of the portal is created with (decision 077):
 *
 * - The PostgreSQL extensions the migrations create (013: trigram indexes of the list searches).
 *   PGlite bundles each as a module that must be handed over whenever it opens a database, or the
 *   migration cannot create it and a query using one of its indexes fails.
 * - Its WebAssembly and file bundle, read and compiled once per process and kept. Left to itself,
 *   each PGlite reads and compiles its 9 MB module anew and V8 frees that code when the database is
 *   closed; a process that opens many (a test worker: one or more per test file; a restore) then
 *   churns V8's JIT page registry, where V8's fatal `jit_page` check stopped test workers
 *   (SIGTRAP, nodejs/node#64500).
 */
export function pgliteOptions(): Promise<PgliteBaseOptions> {
  base ??= (async () => {
    // Beside the package's entry. Not `import.meta.resolve`: Vitest's module runner, which runs the
    // tests' global setup, has none.
    const entry = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const artifact = (name: string) => fs.readFileSync(new URL(name, entry));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
      WebAssembly.compile(artifact('pglite.wasm')),
      WebAssembly.compile(artifact('initdb.wasm')),
    ]);
    return {
      extensions: { pg_trgm },
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Blob([artifact('pglite.data')]),
    };
  })();
  return base;
}
