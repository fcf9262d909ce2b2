import crypto from 'node:crypto';

/** `<change id>.<43 characters of base64url>`: the id as the database writes it, then the MAC. */
const TOKEN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{43}$/;

/**
 * The tokens of contact changes' confirmation links: the change's id, a dot and an HMAC of the id
 * under a key derived from the portal's secret (the JWT secret). The change's row holds no token:
 * it is made from the id when the mail is written and checked in constant time when the link
 * comes back. (The mail's record keeps the text as sent, link included, like every mail's:
 * docs/privacy.md says why that is no key to anything.)
 */
export class ContactChangeTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(crypto.hkdfSync('sha256', secret, '', 'lizenzportal contact change', 32));
  }

  tokenOf(changeId: string): string {
    return `${changeId}.${this.#mac(changeId)}`;
  }

  /** The change a token names, or null for anything the portal did not sign (forged, cut, altered). */
  changeOf(token: string): string | null {
    if (!TOKEN_PATTERN.test(token)) return null;
    const [id, mac] = token.split('.') as [string, string];
    const expected = Buffer.from(this.#mac(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
  }

  #mac(changeId: string): string {
    return crypto.createHmac('sha256', this.#key).update(changeId).digest('base64url');
  }
}
