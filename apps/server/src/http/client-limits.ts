import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@lizenzportal/domain';
import type { HttpLimits } from '../config.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The HTTP server's timeouts (decision 035). The request timeout covers receiving a request (its
 * headers and body), never sending the answer, so a 2 GB download may take hours; a connection
 * whose bytes stop moving either way is closed after the idle timeout. Node checks the request
 * and header timeouts on an interval (30 s by default): a second keeps the cut near its time.
 */
export function serverTimeouts(
  limits: HttpLimits,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'http'> {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs / 2),
    },
  };
}

/** Node's client errors (before a request reaches Fastify) as the portal's codes. */
const CLIENT_ERROR_CODES: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
};

/**
 * Fastify's `clientErrorHandler`: a request Node gave up on (timed out, headers too large,
 * unparsable) is answered in the error envelope, with an id of its own for the log, and its
 * connection closed. Nothing is written once an answer has begun on the connection.
 */
export function clientErrorHandler(newRequestId: () => string) {
  return function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code = CLIENT_ERROR_CODES[error.code ?? ''] ?? 'VALIDATION_FAILED';
    const { status, message } = ERROR_CODES[code];
    const requestId = newRequestId();
    this.log.info({ requestId, code, reason: error.code }, 'request rejected by the HTTP server');
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !answering?.headersSent) {
      const body = JSON.stringify({ error: { status, code, message, requestId } });
      socket.write(
        `HTTP/1.1 ${status} ${code}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n` +
          `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  };
}

const ENDS_UNFINISHED = Symbol('ends the request as unfinished');

declare module 'fastify' {
  interface FastifyRequest {
    [ENDS_UNFINISHED]?: () => void;
  }
}

/**
 * A cap on the requests of one client address whose body is still arriving. A client that sends
 * bodies slowly holds what has arrived of each until its request timeout; beyond the cap it gets
 * 429 at once, before any of its body is read, and the connection is closed. A request counts
 * from the moment its body would be read (after its guard and rate limit: an anonymous caller of
 * a guarded route is refused before) until it is read, its answer ends or it is dropped: neither a
 * guard's lookup nor an answer being sent (a download) counts.
 */
export function registerUnfinishedRequestCap(app: FastifyInstance, perClient: number): void {
  const unfinished = new Map<string, number>();
  app.addHook('preParsing', (request, reply, _payload, done) => {
    const client = request.ip;
    const count = (unfinished.get(client) ?? 0) + 1;
    if (count > perClient) {
      reply.header('connection', 'close');
      done(new AppError('TOO_MANY_REQUESTS', undefined, { headers: { 'retry-after': '1' } }));
      return;
    }
    unfinished.set(client, count);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const left = unfinished.get(client)! - 1;
      if (left > 0) unfinished.set(client, left);
      else unfinished.delete(client);
    };
    request[ENDS_UNFINISHED] = end;
    request.raw.once('close', end);
    reply.raw.once('close', end);
    done();
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    request[ENDS_UNFINISHED]?.();
    done();
  });
}
