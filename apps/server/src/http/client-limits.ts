import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from 'fastify';
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
