import crypto from 'node:crypto';

/** What a pseudonym starts with: never the start of an address or of an IPv6 network. */
const PSEUDONYM_PREFIX = 'p:';
/** How many clients' pseudonyms are kept at most (a few hundred kilobytes). */
const RECENT_CLIENTS = 4096;

/**
 * Pseudonyms of client groups (an IPv4 address, an IPv6 /56) for counters that must remember a
 * client for long (the sign-in throttle: a year after its last failure, decision 003) but need
 * not know who it is (decision 064): an HMAC under a key derived from the portal's secret, so the
 * same client always gets the same pseudonym in every process, and the table holds no address.
 */
export class ClientPseudonyms {
  /** A key object: an HMAC under a plain buffer checks and copies the key on every call. */
  readonly #key: crypto.KeyObject;
  /**
   * The pseudonyms of recent clients: each sign-in asks for its client's, and one client signs in
   * again and again (an office behind one address). Emptied when full.
   */
  readonly #recent = new Map<string, string>();

  constructor(secret: string) {
    this.#key = crypto.createSecretKey(
      Buffer.from(crypto.hkdfSync('sha256', secret, '', 'lizenzportal client pseudonym', 32)),
    );
  }

  /** `p:` and 128 bits of the HMAC in base64url. */
  of(clientGroup: string): string {
    let pseudonym = this.#recent.get(clientGroup);
    if (pseudonym === undefined) {
      const mac = crypto.createHmac('sha256', this.#key).update(clientGroup).digest();
      pseudonym = `${PSEUDONYM_PREFIX}${mac.subarray(0, 16).toString('base64url')}`;
      if (this.#recent.size >= RECENT_CLIENTS) this.#recent.clear();
      this.#recent.set(clientGroup, pseudonym);
    }
    return pseudonym;
  }

  static isPseudonym(client: string): boolean {
    return client.startsWith(PSEUDONYM_PREFIX);
  }
}
