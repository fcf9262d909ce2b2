/** The public face of the health module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { Readiness } from './readiness.ts';
export { healthRoutes } from './routes.ts';
