/** The public face of the license import: what the wiring (services.ts, cli/) imports of it (decision 031). */
export { inspectImportFile, JSON_ARRAY_LIMIT_BYTES } from './file.ts';
export { LicenseImportService, type ImportOptions, type ImportOutcome } from './service.ts';
