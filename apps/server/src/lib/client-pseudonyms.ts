import crypto from 'node:crypto';

/** What a pseudonym starts with: never the start of an address or of an IPv6 network. */
const PSEUDONYM_PREFIX = 'p:';

/**
 * Pseudonyms of client groups (an IPv4 address, an IPv6 /56) for counters that must remember a
 * client for long (the sign-in throttle: a year after its last failure, decision 003) but need
 * not know who it is (decision 064): an HMAC under a key derived from the portal's secret, so the
 * same client always gets the same pseudonym in every process, and the table holds no address.
 */
export class ClientPseudonyms {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(crypto.hkdfSync('sha256', secret, '', 'lizenzportal client pseudonym', 32));
  }

  /** `p:` and 128 bits of the HMAC in base64url. */
  of(clientGroup: string): string {
    const mac = crypto.createHmac('sha256', this.#key).update(clientGroup).digest();
    return `${PSEUDONYM_PREFIX}${mac.subarray(0, 16).toString('base64url')}`;
  }

  static isPseudonym(client: string): boolean {
    return client.startsWith(PSEUDONYM_PREFIX);
  }
}
