/**
 * What `zod` is in the web build (an alias in vite.config.ts), for the web app's modules and the
 * domain's alike: the package, told first to build no parsers with `new Function` (./no-eval.ts).
 */
import './no-eval.ts';

export * from 'zod/v4';
export { default } from 'zod/v4';
