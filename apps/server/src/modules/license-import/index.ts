/** The public face of the license import: what the wiring (services.ts, cli/) imports of it (decision 031). */
export { LicenseImportService, type ImportOutcome } from './service.ts';
