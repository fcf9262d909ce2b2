/** The public face of the metrics module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { listenForMetrics } from './metrics-server.ts';
export { PortalMetrics } from './portal-metrics.ts';
export { metricsRoutes } from './routes.ts';
