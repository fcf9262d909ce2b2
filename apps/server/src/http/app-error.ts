import { ERROR_CODES, type ErrorCode } from '@lizenzportal/domain';

/** The one application error: a code from the domain's catalogue decides the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message ?? ERROR_CODES[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].status;
    this.headers = options.headers ?? {};
  }
}
