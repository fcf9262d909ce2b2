import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@lizenzportal/domain';
import { withoutValues } from '../logger.ts';
import { AppError } from '../lib/app-error.ts';
import { sendErrorPage, wantsErrorPage } from './error-page.ts';

/** Fastify's own client errors, mapped onto the portal's codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'AUTHENTICATION_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The error envelope; `requestId` names the request in the server's log (support asks for it),
 * `field` the request's field a 400 is about.
 */
export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply
    .code(error.statusCode)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send({
      error: {
        status: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.field === undefined ? {} : { field: error.field }),
        requestId: reply.request.id,
      },
    });
}

/** Turns anything thrown into the error envelope; 5xx answers never carry internals. */
function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const mapped =
    (fastifyError.code && FASTIFY_CODES[fastifyError.code]) ||
    (fastifyError.statusCode && STATUS_CODES[fastifyError.statusCode]);
  if (mapped) return new AppError(mapped, undefined, { cause: error });
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new AppError('VALIDATION_FAILED', undefined, { cause: error });
  }
  return new AppError('INTERNAL_ERROR', ERROR_CODES.INTERNAL_ERROR.message, { cause: error });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    // A failure of the portal is an error; a 503 it answers on purpose (busy, not ready) is not.
    if (appError.code === 'INTERNAL_ERROR') request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, reason: withoutValues(error.message) }, 'request rejected');
    return wantsErrorPage(request) ? sendErrorPage(reply, appError) : sendError(reply, appError);
  });
}
