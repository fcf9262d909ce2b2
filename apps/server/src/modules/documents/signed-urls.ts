import crypto from 'node:crypto';

/** The file route, below the API prefix, and the absolute path the URLs point to. */
export const DOCUMENT_FILE_ROUTE = '/document/file';
const DOCUMENT_FILE_PATH = `/api/v1${DOCUMENT_FILE_ROUTE}`;
const DEFAULT_LIFETIME_SECONDS = 5 * 60;

export interface SignedFileQuery {
  key: string;
  name: string;
  /** Unix time in seconds after which the URL is refused. */
  expires: number;
  signature: string;
}

export type Verdict = 'valid' | 'expired' | 'invalid';

export interface UrlSignerOptions {
  /** The JWT secret; the signing key is derived from it, so the two never coincide. */
  secret: string;
  /** Absolute base of the URLs (`PUBLIC_URL`). */
  publicUrl: string;
  lifetimeSeconds?: number;
  now?: () => number;
}

/**
 * Short-lived links to stored documents: the key, the download file name and the expiry signed
 * with HMAC-SHA256. Whoever holds the link may fetch the file until it expires, without a token —
 * so it can be opened in a new window or handed to the browser's download.
 */
export class DocumentUrlSigner {
  readonly #key: Buffer;
  readonly #publicUrl: string;
  readonly #lifetimeSeconds: number;
  readonly #now: () => number;

  constructor(options: UrlSignerOptions) {
    this.#key = Buffer.from(crypto.hkdfSync('sha256', options.secret, '', 'lizenzportal document url', 32));
    this.#publicUrl = options.publicUrl;
    this.#lifetimeSeconds = options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS;
    this.#now = options.now ?? (() => Date.now());
  }

  sign(key: string, name: string): string {
    const expires = Math.floor(this.#now() / 1000) + this.#lifetimeSeconds;
    const query = new URLSearchParams({
      key,
      name,
      expires: String(expires),
      signature: this.#signature(key, name, expires),
    });
    return `${this.#publicUrl}${DOCUMENT_FILE_PATH}?${query}`;
  }

  /** The signature is checked first (in constant time), so an expired link reveals nothing more. */
  verify(query: SignedFileQuery): Verdict {
    const expected = Buffer.from(this.#signature(query.key, query.name, query.expires), 'base64url');
    const given = Buffer.from(query.signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
    return query.expires * 1000 < this.#now() ? 'expired' : 'valid';
  }

  #signature(key: string, name: string, expires: number): string {
    // Newlines cannot occur in keys or names, so the three fields cannot be shifted into each other.
    return crypto.createHmac('sha256', this.#key).update(`${key}\n${name}\n${expires}`).digest('base64url');
  }
}
