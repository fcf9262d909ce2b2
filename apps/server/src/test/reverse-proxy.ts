import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy saw of an upstream's readiness at one probe. */
export interface Probe {
  upstream: string;
  at: number;
  /** The answer's status, or `unreachable` when there was none (refused, or none within 5 s). */
  result: number | 'unreachable';
}

/** One request the proxy forwarded, and to whom. */
export interface Forwarded {
  upstream: string;
  /** When the request went out. */
  at: number;
  method: string;
  path: string;
  /** The upstream's status, or 502 when its connection broke after the request went out. */
  status: number;
}

export interface ReverseProxy {
  url: string;
  probes: Probe[];
  forwarded: Forwarded[];
  close(): Promise<void>;
}

/**
 * A load balancer as an operator puts in front of several portal processes, in the test process
 * (node's http): it probes each upstream's readiness (`/api/v1/health/ready`) every
 * `probeIntervalMs` and sends requests round-robin to those that answered 200; a request whose
 * connection is refused goes to the next one (nothing reached the refusing one), a request whose
 * connection breaks after it went out is answered 502 (it may have been handled: as nginx does, a
 * non-idempotent request is not sent twice). It appends the client's address to
 * `X-Forwarded-For`, as a proxy the portal trusts (`TRUST_PROXY`) does.
 */
export async function startReverseProxy(
  upstreams: string[],
  { probeIntervalMs = 200 } = {},
): Promise<ReverseProxy> {
  const ready = new Set<string>();
  const probes: Probe[] = [];
  const forwarded: Forwarded[] = [];
  let next = 0;
  let closed = false;

  const probe = async (upstream: string) => {
    const result = await fetch(`${upstream}/api/v1/health/ready`, {
      signal: AbortSignal.timeout(5_000),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      () => 'unreachable' as const,
    );
    probes.push({ upstream, at: Date.now(), result });
    if (result === 200) ready.add(upstream);
    else ready.delete(upstream);
  };
  const probing = (async () => {
    while (!closed) {
      await Promise.all(upstreams.map(probe));
      await new Promise((resolve) => setTimeout(resolve, probeIntervalMs));
    }
  })();
  await Promise.all(upstreams.map(probe));

  /** The ready upstreams in round-robin order, starting with the next one's turn. */
  const candidates = () => {
    const turn = next++;
    return upstreams
      .map((_, index) => upstreams[(turn + index) % upstreams.length]!)
      .filter((upstream) => ready.has(upstream));
  };

  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    reply: http.ServerResponse,
    [upstream, ...others]: string[],
  ): void => {
    if (!upstream) {
      reply.writeHead(503, { 'content-type': 'text/plain' }).end('no portal process is ready');
      return;
    }
    const client = request.socket.remoteAddress ?? '';
    const forwardedFor = request.headers['x-forwarded-for'];
    const at = Date.now();
    const outgoing = http.request(`${upstream}${request.url}`, {
      method: request.method,
      headers: {
        ...request.headers,
        'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${client}` : client,
        'content-length': String(body.length),
        connection: 'close',
      },
    });
    outgoing.on('response', (response) => {
      forwarded.push({
        upstream,
        at,
        method: request.method!,
        path: request.url!,
        status: response.statusCode!,
      });
      reply.writeHead(response.statusCode!, response.headers);
      response.pipe(reply);
      response.on('error', () => reply.destroy());
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // Refused: nothing reached it, so the request is safe to send elsewhere.
      if (error.code === 'ECONNREFUSED') {
        ready.delete(upstream);
        forward(request, body, reply, others);
        return;
      }
      forwarded.push({ upstream, at, method: request.method!, path: request.url!, status: 502 });
      if (reply.headersSent) reply.destroy();
      else reply.writeHead(502, { 'content-type': 'text/plain' }).end(`upstream failed: ${error.message}`);
    });
    outgoing.end(body);
  };

  const server = http.createServer((request, reply) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), reply, candidates()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    probes,
    forwarded,
    close: async () => {
      closed = true;
      await probing;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
