import {
  GENERIC_SERVER_ERROR,
  NO_CONNECTION_MESSAGE,
  UNEXPECTED_RESPONSE,
  type ErrorEnvelope,
} from '@lizenzportal/domain';
import { ApiError } from './api-error.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Query string without the leading `?`. */
  query?: string;
  signal?: AbortSignal;
  /**
   * A sign-in call: it carries no token, and its 401 means "wrong credentials", an error to show,
   * not an expired session.
   */
  signIn?: boolean;
  /**
   * A token of the call's own (an upgrade session's or an offer's), sent instead of the signed-in
   * user's: its 401 says the token does not fit and ends no session.
   */
  bearer?: string;
}

export interface ApiClientDependencies {
  fetch: typeof fetch;
  baseUrl: string;
  getToken: () => string | null;
  /** Called on every 401 outside the sign-in calls: the session is over. */
  onUnauthorized: () => void;
}

export type ApiRequest = <T>(path: string, options?: RequestOptions) => Promise<T>;

/** A call's answer as it comes (a file to save), once the call succeeded. */
export type ApiFetch = (path: string, options?: RequestOptions) => Promise<Response>;

/**
 * The one way the web app reaches the API: sends the bearer token and the body as JSON, reports a
 * 401 that ends the session, and turns every failure (no connection, an error answer) into an
 * `ApiError` so screens can pick the catalogue message by status.
 */
export function createApiFetch(dependencies: ApiClientDependencies, accept?: string): ApiFetch {
  return async (path, options = {}) => {
    const headers: Record<string, string> = accept ? { accept } : {};
    const token = options.bearer ?? (options.signIn ? null : dependencies.getToken());
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const url = `${dependencies.baseUrl}${path}${options.query ? `?${options.query}` : ''}`;

    let response: Response;
    try {
      response = await dependencies.fetch(url, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (error) {
      // A cancelled request (TanStack Query aborting an outdated fetch) is not a connection problem.
      if (options.signal?.aborted) throw error;
      throw new ApiError(null, 'NO_CONNECTION', NO_CONNECTION_MESSAGE, { cause: error });
    }

    if (response.status === 401 && !options.signIn && options.bearer === undefined) {
      dependencies.onUnauthorized();
    }
    if (!response.ok) throw toApiError(response, await readJson(response));
    return response;
  };
}

/** A JSON call: what `createApiFetch` sends, with the answer's `{data}` unwrapped. */
export function createApiClient(dependencies: ApiClientDependencies): ApiRequest {
  const send = createApiFetch(dependencies, 'application/json');
  return async <T>(path: string, options?: RequestOptions): Promise<T> => {
    const body: unknown = await readJson(await send(path, options));
    return (body as { data: T } | undefined)?.data as T;
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** The header naming the request in the server's log (also in the error envelope). */
const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The `ApiError` of a failed answer: its envelope's code, message, field and request id, or our own
 * wording (and the id of the header, if a proxy passed it on).
 */
export function toApiError(response: Response, body: unknown): ApiError {
  const { status } = response;
  const headerRequestId = response.headers.get(REQUEST_ID_HEADER);
  const envelope = (body as Partial<ErrorEnvelope> | undefined)?.error;
  if (envelope && typeof envelope.code === 'string' && typeof envelope.message === 'string') {
    const requestId = typeof envelope.requestId === 'string' ? envelope.requestId : headerRequestId;
    const field = typeof envelope.field === 'string' ? envelope.field : null;
    return new ApiError(status, envelope.code, envelope.message, { requestId, field });
  }
  // Not our envelope (a proxy's error page, for instance): keep the status, word the message ourselves.
  return new ApiError(
    status,
    'UNEXPECTED_RESPONSE',
    status >= 500 ? GENERIC_SERVER_ERROR : UNEXPECTED_RESPONSE,
    { requestId: headerRequestId },
  );
}
