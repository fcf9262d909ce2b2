/** The public face of the license import: what the wiring (services.ts, app.ts, cli/) imports of it (decision 031). */
export { LicenseImportService, type ImportOutcome } from './service.ts';
export { LicenseImportUploads } from './uploads.ts';
export { deleteStagedRowsOf, eraseFindingsQuoting } from './personal-data.ts';
export { licenseImportRoutes } from './routes.ts';
export { defineLicenseImportQueue, workLicenseImports } from './jobs.ts';
