import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@lizenzportal/domain';
import { AppError } from '../lib/app-error.ts';
import { API_HEADERS } from './envelope.ts';
import { sendError } from './error-handler.ts';
import { REQUEST_ID_HEADER } from './request-ids.ts';

/** Counts an answer no route gave (the metrics' `unmatched` route) by method and status. */
export type AnswerObserver = (method: string, status: number, milliseconds: number) => void;

/** Node's client errors (before a request reaches Fastify) as the portal's codes. */
const CLIENT_ERROR_CODES: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler`: a request Node gave up on (timed out, headers too large,
 * unparsable) is answered in the error envelope with the API's security headers and an id of its
 * own for the log, counted, and its connection closed. Nothing is written once an answer has
 * begun on the connection.
 */
export function clientErrorHandler(newRequestId: () => string, observe: AnswerObserver) {
  return function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = CLIENT_ERROR_CODES[error.code ?? ''] ?? 'MALFORMED_REQUEST';
    const { status, message } = ERROR_CODES[code];
    const requestId = newRequestId();
    this.log.info({ requestId, code, reason: error.code }, 'request rejected by the HTTP server');
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      const body = JSON.stringify({ error: { status, code, message, requestId } });
      const headers = {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        [REQUEST_ID_HEADER]: requestId,
        ...API_HEADERS,
        Connection: 'close',
      };
      socket.write(
        `HTTP/1.1 ${status} ${code}\r\n` +
          Object.entries(headers)
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('') +
          `\r\n${body}`,
      );
      observe('UNKNOWN', status, 0);
    }
    socket.destroy(error);
  };
}

/** The router's refusals (Fastify's `frameworkErrors`) as the portal's codes. */
const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_BAD_URL: 'MALFORMED_URL',
  FST_ERR_MAX_PARAM_LENGTH: 'URL_TOO_LONG',
};

/**
 * Fastify's `frameworkErrors`: an address the router cannot read (a broken %-escape) or whose
 * parameter is longer than it takes is answered like any refusal — the envelope, the request's id,
 * the API's security headers, counted — without repeating the address. No hook has run for it.
 */
export function frameworkErrorHandler(observe: AnswerObserver) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const code = FRAMEWORK_CODES[error.code];
    if (code) request.log.info({ code, reason: error.code }, 'request rejected by the router');
    else request.log.error({ err: error }, 'request failed in the router');
    reply.raw.once('finish', () => observe(request.method, reply.statusCode, reply.elapsedTime));
    reply.header(REQUEST_ID_HEADER, request.id).headers(API_HEADERS);
    void sendError(reply, new AppError(code ?? 'INTERNAL_ERROR', undefined, { cause: error }));
  };
}

/**
 * HTTP/1.1 requires a Host header; Node's own refusal (`requireHostHeader`, switched off in the
 * server's options) would answer a bare 400. Refused here instead, the answer is the portal's.
 */
export function registerHostRequirement(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host === undefined && request.raw.httpVersion === '1.1') {
      reply.header('connection', 'close').headers(API_HEADERS);
      done(new AppError('MALFORMED_REQUEST'));
      return;
    }
    done();
  });
}
