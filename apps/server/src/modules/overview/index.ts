/** The public face of the overview module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { overviewRoutes } from './routes.ts';
export { OverviewService } from './service.ts';
export { OverviewTally } from './tally.ts';
