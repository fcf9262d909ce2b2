/** The public face of the settings module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { publicSettings, settingsRoutes } from './routes.ts';
