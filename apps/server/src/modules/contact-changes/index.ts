/** The public face of the contact-changes module: what the wiring (services.ts, app.ts) imports of it (decision 031). */
export { deleteContactChangesEndedBefore, deleteContactChangesOf } from './personal-data.ts';
export { contactChangeRoutes } from './routes.ts';
export { ContactChanges } from './service.ts';
export { ContactChangeTokens } from './tokens.ts';
