import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fastifyRequestContext } from '@fastify/request-context';
import type { FastifyInstance } from 'fastify';
import type { ProxyTrust } from './proxy-trust.ts';

/** The header that carries a request's id: read from a trusted proxy, sent in every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** A proxy's id is taken as it is only if it is short and plain: it ends up in every log line. */
const FORWARDED_ID = /^[\w.:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the id a trusted reverse proxy sent (so its access log and the portal's
 * name the same id), otherwise 16 random hex digits. A client's own `X-Request-Id` is never taken:
 * it could name another request's id.
 */
export function requestIdGenerator(trust: ProxyTrust | false): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = request.headers[REQUEST_ID_HEADER];
    if (
      trust &&
      typeof forwarded === 'string' &&
      FORWARDED_ID.test(forwarded) &&
      trust(request.socket.remoteAddress ?? '', 0)
    ) {
      return forwarded;
    }
    return randomRequestId();
  };
}

/** Random bytes for the next request ids, drawn in one call (one per request cost a system call's share each). */
const ID_BYTES = 8;
const POOL_BYTES = ID_BYTES * 512;
let pool = Buffer.alloc(0);
let taken = 0;

/** 16 random hex digits: the id of a request no trusted proxy named. */
export function randomRequestId(): string {
  if (taken + ID_BYTES > pool.length) {
    pool = crypto.randomBytes(POOL_BYTES);
    taken = 0;
  }
  taken += ID_BYTES;
  return pool.toString('hex', taken - ID_BYTES, taken);
}

/**
 * Every request runs in a context that knows its id (`lib/request-context.ts`): its log lines and
 * the jobs it queues carry it; the answer names it in `X-Request-Id` (and an error envelope in
 * `requestId`), so support finds the log of the error a customer quotes.
 */
export async function registerRequestIds(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRequestContext, { defaultStoreValues: (request) => ({ requestId: request.id }) });
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
