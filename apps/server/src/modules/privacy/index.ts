/** The public face of the privacy module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { defineRetentionQueue, workRetention } from './jobs.ts';
export { readRetentionFigures, type RetentionFigures } from './figures.ts';
export { Retention, RETENTION_KINDS } from './retention.ts';
export { PersonalData } from './service.ts';
export { privacyRoutes } from './routes.ts';
