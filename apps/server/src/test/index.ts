/** Test support shared with the web app's browser tests (`@lizenzportal/server/testing`). */
export { startTestServer, type TestServer } from './server.ts';
export { queuedJobs, resetDatabase } from './database.ts';
export { TEST_ADMIN, testConfig } from './app.ts';
export { createOrResetAdmin } from '../modules/auth/admin-accounts.ts';
export { AdminRepository } from '../modules/auth/admin-repository.ts';
// The repositories a browser test sets its rows up with, as the module writes them.
export { DownloadRepository } from '../modules/downloads/repository.ts';
export { OrderGenerationRepository } from '../modules/order-generations/repository.ts';
export { UpgradeSessionRepository } from '../modules/upgrade-sessions/repository.ts';
export { expectErrorLog, testLogger } from './error-logs.ts';
export { eventually } from './smtp.ts';
export { setLicenseRow } from './license-rows.ts';
export { outboxMails } from './outbox.ts';
export { seedDemoData } from '../seed/demo.ts';
export { seedDemoReleases } from '../seed/demo-releases.ts';
export { newPurchaseRequest } from '../modules/upgrade-sessions/test-helpers.ts';
export { lastHeartbeat, startedImportRun } from '../modules/license-import/test-helpers.ts';
