/**
 * Zod compiles its object parsers with `new Function` where a page allows it, and asks by calling
 * `new Function` once: under the portal's CSP (`script-src 'self'`, no `'unsafe-eval'`) the call
 * fails as intended, but the browser reports it as a CSP violation. `jitless` skips both; forms
 * parse a few fields, for which the compiled parser gains nothing. Must run before any schema is
 * built: `./index.ts` imports it before zod itself.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
