/** The public face of the licenses module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { LicenseBinding } from './binding.ts';
export { licenseRowVersion, type LicenseDocumentColumn, pointLicenseDocument } from './document-keys.ts';
export { LICENSE_LIST_ENTITY } from './list.ts';
export { customerView, type CustomerLicenseRow, toLicense, UNRECORDED_FIELDS } from './mapper.ts';
export { insertLicensesFrom } from './inserted-from.ts';
export { eraseDisabledHolders } from './personal-data.ts';
export { licenseRoutes } from './routes.ts';
export { LicenseService } from './service.ts';
