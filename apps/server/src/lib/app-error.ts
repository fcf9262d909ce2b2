import { ERROR_CODES, NOT_FOUND_MESSAGES, type ErrorCode, type MissingRecord } from '@lizenzportal/domain';

/** The one application error: a code from the domain's catalogue decides the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  /** The field of the request a 400 is about (`holder.email`): the form marks it with the message. */
  readonly field: string | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { headers?: Record<string, string>; cause?: unknown; field?: string | undefined } = {},
  ) {
    super(message ?? ERROR_CODES[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_CODES[code].status;
    this.headers = options.headers ?? {};
    this.field = options.field;
  }
}

/** 404 for a record asked for by id that does not exist, worded by the domain's catalogue. */
export function notFound(record: MissingRecord): AppError {
  return new AppError('NOT_FOUND', NOT_FOUND_MESSAGES[record]);
}
