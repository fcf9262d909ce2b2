/** The public face of the web module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { webRoutes } from './routes.ts';
