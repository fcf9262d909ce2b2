import { readToken } from '../auth/token.ts';
import { createApiClient, createApiFetch, type ApiClientDependencies } from './client.ts';
import { notifyUnauthorized } from './unauthorized.ts';

/** The API of this portal, served by the same origin under `/api/v1`. */
const PORTAL_API: ApiClientDependencies = {
  // Looked up per call (and called unbound, as the browser requires).
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrl: '/api/v1',
  getToken: readToken,
  onUnauthorized: notifyUnauthorized,
};

/** A JSON call to the portal's API. */
export const apiRequest = createApiClient(PORTAL_API);

/** A call to the portal's API whose answer is read as it comes (a file). */
export const apiFetch = createApiFetch(PORTAL_API);
