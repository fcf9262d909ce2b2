/** The public face of the downloads module: what other modules and the wiring (services.ts, app.ts) import of it (decision 031). */
export { DOWNLOAD_LIST_ENTITY } from './list.ts';
export { ProductReleases, PublicationError } from './releases.ts';
export { downloadRoutes } from './routes.ts';
export { DOWNLOAD_FILE_ROUTE, DOWNLOAD_LINK_SECONDS, DownloadService } from './service.ts';
