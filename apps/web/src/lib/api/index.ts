import { readToken } from '../auth/token.ts';
import { createApiClient } from './client.ts';
import { notifyUnauthorized } from './unauthorized.ts';

export { ApiError, errorStatus } from './api-error.ts';
export type { RequestOptions } from './client.ts';
export { onUnauthorized } from './unauthorized.ts';

/** The API of this portal, served by the same origin under `/api/v1`. */
export const apiRequest = createApiClient({
  // Looked up per call (and called unbound, as the browser requires).
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrl: '/api/v1',
  getToken: readToken,
  onUnauthorized: notifyUnauthorized,
});
export { downloadFile, type DownloadOptions } from './download.ts';
