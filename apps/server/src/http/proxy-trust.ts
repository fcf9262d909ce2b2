import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

/** Whether the peer `hop` steps from this server (0: the socket's) is a reverse proxy to believe. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * `TRUST_PROXY` as Fastify and the request ids use it: a hop count or the proxies' addresses.
 * False when no proxy is trusted (Fastify then never reads `X-Forwarded-For`).
 */
export function proxyTrust(trust: Config['trustProxy']): ProxyTrust | false {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}
