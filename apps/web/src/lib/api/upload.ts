import { NO_CONNECTION_MESSAGE } from '@lizenzportal/domain';
import { readToken } from '../auth/token.ts';
import { ApiError } from './api-error.ts';
import { toApiError } from './client.ts';
import { notifyUnauthorized } from './unauthorized.ts';

interface UploadOptions {
  /** Query string without the leading `?`. */
  query?: string;
  /** Called as bytes leave: the bytes sent so far and the file's size. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file as the request's body to the portal's API with the sign-in token, reporting the
 * upload's progress (which `fetch` cannot), and answers the `{data}` of its JSON answer. Failures
 * are `ApiError`s like every other call's; a 401 ends the session.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1${path}${options.query ? `?${options.query}` : ''}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('content-type', 'application/octet-stream');
    const token = readToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => options.onProgress?.(event.loaded, file.size));
    options.signal?.addEventListener('abort', () => request.abort());
    request.addEventListener('error', () =>
      reject(new ApiError(null, 'NO_CONNECTION', NO_CONNECTION_MESSAGE)),
    );
    request.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve((body as { data: T }).data);
        return;
      }
      if (request.status === 401) notifyUnauthorized();
      const requestId = request.getResponseHeader('x-request-id');
      reject(
        toApiError(
          new Response(null, {
            status: request.status,
            headers: requestId ? { 'x-request-id': requestId } : {},
          }),
          body,
        ),
      );
    });
    request.send(file);
  });
}
