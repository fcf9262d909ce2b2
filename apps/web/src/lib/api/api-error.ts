/**
 * A failed API call as the web app handles it: the error envelope of the server (`status`, `code`,
 * `message`, `field`, `requestId`), or `status: null` when no answer arrived at all.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;
  /** The id the server's log knows the request by (`X-Request-Id`); null without an answer naming one. */
  readonly requestId: string | null;
  /** The request's field a 400 is about (`holder.email`), for the form to mark; null for the whole request. */
  readonly field: string | null;

  constructor(
    status: number | null,
    code: string,
    message: string,
    options?: { cause?: unknown; requestId?: string | null; field?: string | null },
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.requestId = options?.requestId ?? null;
    this.field = options?.field ?? null;
  }
}

/** What an error box shows of a failed call: its status (`null`: no answer) and the request's id. */
export interface FailedCall {
  status: number | null;
  requestId?: string | null | undefined;
  /** Without an answer: what the browser said of the failure („Failed to fetch”), if anything. */
  originalMessage?: string | null | undefined;
}

/** The HTTP status of a failed call, `null` when no answer arrived (or the failure was not an API call). */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/** The failed call behind an error (an `ApiError`): status and request id, for the error box. */
export function failedCall(error: unknown): FailedCall {
  return error instanceof ApiError
    ? {
        status: error.status,
        requestId: error.requestId,
        originalMessage: error.status === null && error.cause instanceof Error ? error.cause.message : null,
      }
    : { status: null, requestId: null };
}

/** The field a failed call's 400 is about, or null. */
export function errorField(error: unknown): string | null {
  return error instanceof ApiError ? error.field : null;
}
