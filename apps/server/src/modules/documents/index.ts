/** The public face of the documents module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { defineDocumentQueues, workDocuments } from './jobs.ts';
export { type MailLicense, type MailOffer } from './kinds/kind.ts';
export { createDocumentModule, type DocumentModule } from './module.ts';
export { documentRoutes } from './routes.ts';
export { type DocumentService } from './service.ts';
