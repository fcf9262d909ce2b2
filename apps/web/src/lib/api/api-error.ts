/**
 * A failed API call as the web app handles it: the error envelope of the server (`status`, `code`,
 * `message`), or `status: null` when no answer arrived at all.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;

  constructor(status: number | null, code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** The HTTP status of a failed call, `null` when no answer arrived (or the failure was not an API call). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}
