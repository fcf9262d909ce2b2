/** The public face of the audit module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { AuditLog, changedFields } from './audit-log.ts';
export { recordEntriesFrom } from './recorded-from.ts';
export { deleteAuditEntriesBefore, eraseAuditValues, recordErasure } from './personal-data.ts';
export { auditRoutes } from './routes.ts';
