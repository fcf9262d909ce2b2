import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setImmediate, setTimeout } from 'node:timers/promises';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { HttpLimits } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { clientGroup } from './client-group.ts';
import type { ProxyTrust } from './proxy-trust.ts';

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

/** The largest request body the portal reads (Fastify's `bodyLimit`): no route takes uploads. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * How long a body that has not fully arrived when it would be read may take to arrive before it
 * counts against a limit that is full: a whole request split over two packets is not refused.
 */
const ARRIVAL_GRACE_MS = 250;
const ARRIVAL_POLL_MS = 10;

const ENDS_UNFINISHED = Symbol('ends the request as unfinished');

declare module 'fastify' {
  interface FastifyRequest {
    [ENDS_UNFINISHED]?: () => void;
  }
}

/** A request whose body is being read: what it may hold, and since when. */
interface UnfinishedBody {
  client: string;
  bytes: number;
  since: number;
}

/**
 * Whether the request's body has arrived whole (`isWhole`), now or within `graceMs`; one turn of
 * the event loop is waited for before the answer no.
 */
async function arrivedWhole(raw: IncomingMessage, graceMs: number): Promise<boolean> {
  if (isWhole(raw)) return true;
  const deadline = Date.now() + graceMs;
  await setImmediate();
  while (!isWhole(raw) && Date.now() < deadline) await setTimeout(ARRIVAL_POLL_MS);
  return isWhole(raw);
}

/**
 * Whether a body is here whole (in the request's buffer, at most a few packets): all the bytes its
 * length announces are buffered, or Node's parser has read it to its end. Node marks a request
 * complete only a turn of the event loop after the body that came with its headers is buffered: a
 * wait of that turn cost every request with a body (decision 081).
 */
function isWhole(raw: IncomingMessage): boolean {
  if (raw.complete) return true;
  const length = raw.headers['content-length'];
  return length !== undefined && raw.readableLength >= Number(length);
}

/** Whether a request has a body at all (a GET has none; an announced length of 0 neither). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return length === undefined ? request.headers['transfer-encoding'] !== undefined : length !== '0';
}

export interface BodyLimits {
  /** Unfinished bodies of one client group (an IPv4 address, an IPv6 /56). */
  perClient: number;
  /** Bytes all unfinished bodies of the process may hold together. */
  processBytes: number;
  /** Receiving a request ends by then: a held body is gone at the latest this long after it began. */
  requestTimeoutMs: number;
}

/**
 * Bounds what slow request bodies hold (decision 035). A body is read into memory as it arrives
 * (up to 1 MB), so a client that sends slowly holds it until its request timeout. A body counts
 * from the moment it would be read (after its route's guard and rate limit) until it is read or
 * dropped, with its announced length (the body limit where none is announced):
 *
 * - a body that has arrived whole by then (or within a short grace) counts nowhere: small
 *   requests, however many and however fast, are never refused;
 * - one client group holds at most `perClient` unfinished bodies: beyond, 429 with `Retry-After: 1`;
 * - the process holds at most `processBytes` in all: beyond, 503 with `Retry-After` (when the
 *   oldest held body is cut at the latest), so no mix of addresses holds more.
 *
 * Refused before any of the body is read, and the connection closed. Neither a guard's lookup nor
 * an answer being sent (a download) counts; requests without a body (health checks) never do.
 */
export function registerBodyLimits(app: FastifyInstance, limits: BodyLimits): void {
  /** Insertion order is age order: the first is the oldest. */
  const unfinished = new Set<UnfinishedBody>();
  const perClient = new Map<string, number>();
  let heldBytes = 0;

  const refusal = (body: UnfinishedBody): AppError | undefined => {
    if ((perClient.get(body.client) ?? 0) >= limits.perClient) {
      return new AppError('TOO_MANY_REQUESTS', undefined, { headers: { 'retry-after': '1' } });
    }
    if (heldBytes + body.bytes > limits.processBytes) {
      const oldest = unfinished.values().next().value;
      const freedInMs = oldest ? oldest.since + limits.requestTimeoutMs - Date.now() : 0;
      const retryAfter = String(Math.max(1, Math.ceil(freedInMs / 1000)));
      return new AppError('SERVER_BUSY', undefined, { headers: { 'retry-after': retryAfter } });
    }
    return undefined;
  };

  /** A body that has not arrived whole within a turn of the event loop counts as unfinished. */
  const holdUnfinished = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (await arrivedWhole(request.raw, 0)) return;
    const announced = Number(request.headers['content-length'] ?? BODY_LIMIT_BYTES);
    const body: UnfinishedBody = {
      client: clientGroup(request.ip),
      bytes: Math.min(Number.isFinite(announced) ? announced : BODY_LIMIT_BYTES, BODY_LIMIT_BYTES),
      since: Date.now(),
    };
    if (refusal(body) && (await arrivedWhole(request.raw, ARRIVAL_GRACE_MS))) return;
    const refused = refusal(body);
    if (refused) {
      reply.header('connection', 'close');
      throw refused;
    }
    unfinished.add(body);
    perClient.set(body.client, (perClient.get(body.client) ?? 0) + 1);
    heldBytes += body.bytes;
    const end = () => {
      if (!unfinished.delete(body)) return;
      heldBytes -= body.bytes;
      const left = perClient.get(body.client)! - 1;
      if (left > 0) perClient.set(body.client, left);
      else perClient.delete(body.client);
    };
    request[ENDS_UNFINISHED] = end;
    request.raw.once('close', end);
    reply.raw.once('close', end);
  };
  // Most bodies are small and whole when their request starts: those pass without a promise.
  app.addHook('preParsing', (request, reply, payload, done) => {
    if (!hasBody(request) || isWhole(request.raw)) return done(null, payload);
    holdUnfinished(request, reply).then(() => done(null, payload), done);
  });
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    request[ENDS_UNFINISHED]?.();
    done();
  });
}

/** How often, and after how long idle at least, idle connections beyond a client's cap are closed. */
const IDLE_SWEEP_MS = 1000;

/**
 * A cap on the idle connections of one client group (no request in progress: before its first
 * request or between two kept-alive ones). Once a second, a client's connections beyond the cap
 * that have been idle for a second are closed, the longest-idle first: that costs the client a
 * new connection next time and refuses nothing, and a pool in use (idle for milliseconds between
 * its requests) is never cut. Connections of a trusted reverse proxy (`TRUST_PROXY`) are its own
 * pool and are left alone.
 */
export function limitIdleConnections(server: Server, perClient: number, trust: ProxyTrust | false): void {
  /** Per client group, its idle connections and since when, the longest-idle first. */
  const idle = new Map<string, Map<Socket, number>>();
  const groupOf = new WeakMap<Socket, string>();
  const busy = (socket: Socket) => {
    const group = groupOf.get(socket);
    const sockets = group === undefined ? undefined : idle.get(group);
    if (sockets?.delete(socket) && sockets.size === 0) idle.delete(group!);
  };
  const idleAgain = (socket: Socket) => {
    const group = groupOf.get(socket);
    if (group === undefined || socket.destroyed) return;
    const sockets = idle.get(group) ?? new Map<Socket, number>();
    sockets.delete(socket);
    idle.set(group, sockets.set(socket, Date.now()));
  };
  const sweep = setInterval(() => {
    const idleBefore = Date.now() - IDLE_SWEEP_MS;
    for (const sockets of idle.values()) {
      for (const [socket, since] of sockets) {
        if (sockets.size <= perClient || since > idleBefore) break;
        sockets.delete(socket);
        socket.destroy();
      }
    }
  }, IDLE_SWEEP_MS).unref();
  server.once('close', () => clearInterval(sweep));
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (trust && trust(address, 0)) return;
    groupOf.set(socket, clientGroup(address));
    socket.once('close', () => busy(socket));
    idleAgain(socket);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    busy(request.socket);
    response.once('finish', () => idleAgain(request.socket));
  });
}
