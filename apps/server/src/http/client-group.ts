import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Bits of an IPv6 address that name one client: a /56 is what a provider hands one customer. */
const IPV6_CLIENT_PREFIX = 56;

/**
 * The client group an address belongs to for every per-client limit (sign-in throttling, offer
 * budgets, unfinished bodies, idle connections): an IPv4 address (also when written
 * IPv4-mapped), or the /56 network of an IPv6 address, since one customer can use every address
 * of its /56. Anything else (a socket without an address) counts as itself.
 */
export function clientGroup(address: string): string {
  // Node writes a dotted IPv4 address canonically: it is its own group (ipaddr's parsing of it cost
  // every request a few microseconds, decision 081).
  if (isIPv4(address)) return address;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_CLIENT_PREFIX}`);
  return `${network.toString()}/${IPV6_CLIENT_PREFIX}`;
}
