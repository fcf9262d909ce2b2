import crypto from 'node:crypto';
import type { ShopOrder } from '@lizenzportal/domain';
import { isCanonicalBase64url } from '../../lib/canonical-base64url.ts';

/** `<session id>.<43 characters of base64url>`: the id as the database writes it, then the MAC. */
const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

type Purpose = 'session' | 'offer';

/**
 * The tokens of an upgrade session: the session token (returned by the create call; it reads and
 * changes the session, and travels to the shop with the cart) and the offer token (returned for
 * the offer code; it reads the offered session). Each is the session id with an HMAC of it and
 * its purpose, under a key derived from the JWT secret: nothing to store, checked in constant
 * time, never valid for another session, another purpose, or as a sign-in token.
 */
export class UpgradeSessionTokens {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(crypto.hkdfSync('sha256', secret, '', 'lizenzportal upgrade session', 32));
  }

  sessionToken(sessionId: string): string {
    return `${sessionId}.${this.#mac('session', sessionId)}`;
  }

  offerToken(sessionId: string): string {
    return `${sessionId}.${this.#mac('offer', sessionId)}`;
  }

  /** Whether `token` is the session token of that session. */
  isSessionToken(sessionId: string, token: string): boolean {
    return this.#sessionOf('session', token) === sessionId;
  }

  /**
   * Whether a shop order's hand-off proves the session it names: the session token the assistant
   * holds for its own session, or the offer token of an offer it loaded by code (it has no session
   * token then). Anybody can write a session id into an order; only its customer has a token.
   */
  provesSession(sessionId: string, order: Pick<ShopOrder, 'upgradeSessionToken' | 'offerToken'>): boolean {
    const { upgradeSessionToken, offerToken } = order;
    return (
      (upgradeSessionToken !== null && this.isSessionToken(sessionId, upgradeSessionToken)) ||
      (offerToken !== null && this.sessionOfOfferToken(offerToken) === sessionId)
    );
  }

  /** The session an offer token belongs to, or null for anything else. */
  sessionOfOfferToken(token: string): string | null {
    return this.#sessionOf('offer', token);
  }

  /** Whether a bearer token has the shape of these tokens (rather than of a sign-in token). */
  static looksLikeSessionToken(token: string): boolean {
    return TOKEN_PATTERN.test(token);
  }

  #sessionOf(purpose: Purpose, token: string): string | null {
    const match = TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const [, sessionId, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.#mac(purpose, sessionId), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    const matches = given.length === expected.length && crypto.timingSafeEqual(given, expected);
    // Only the canonical spelling: one MAC is one token.
    return matches && isCanonicalBase64url(mac) ? sessionId : null;
  }

  #mac(purpose: Purpose, sessionId: string): string {
    return crypto.createHmac('sha256', this.#key).update(`${purpose}:${sessionId}`).digest('base64url');
  }
}
