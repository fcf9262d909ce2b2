import crypto from 'node:crypto';
import { z } from 'zod';
import { SIGNED_FILE_LABELS } from '@lizenzportal/domain';
import { isCanonicalBase64url } from './canonical-base64url.ts';
import { STORAGE_KEY_MAX_LENGTH, STORAGE_KEY_PATTERN } from './storage/storage-key.ts';

/** A stored file as a link names it: its key, the name the browser saves it under, and a record. */
export interface SignedFile {
  key: string;
  name: string;
  /** The record the link belongs to (a download of the download log), if any. */
  record?: string | undefined;
}

export interface SignedFileQuery extends SignedFile {
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
  /** The file route below `/api/v1` the URLs point to; a link is valid for this route only. */
  route: string;
  lifetimeSeconds: number;
  now?: () => number;
}

/** Download names: letters, digits and a few safe marks, so they need no escaping in a header. */
const signedFileName = z
  .string()
  .max(150)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u);

/** The query of a signed file URL, as its route validates it; 400s name the fields by their titles. */
export const signedFileQuerySchema = z.strictObject({
  key: z
    .string()
    .max(STORAGE_KEY_MAX_LENGTH)
    .regex(STORAGE_KEY_PATTERN)
    .meta({ title: SIGNED_FILE_LABELS.key }),
  name: signedFileName.meta({ title: SIGNED_FILE_LABELS.name }),
  record: z.uuid().optional().meta({ title: SIGNED_FILE_LABELS.record }),
  // Digits only, no leading zero: every other spelling of the same number (0x…, N.0, Ne0, 0N, +N)
  // would carry the same signature, and one signature is one URL.
  expires: z
    .string()
    .regex(/^[1-9]\d{0,14}$/)
    .transform(Number)
    .meta({ title: SIGNED_FILE_LABELS.expires }),
  signature: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .meta({ title: SIGNED_FILE_LABELS.signature }),
});

/**
 * Short-lived links to stored files (documents, product downloads): route, key, file name, record
 * and expiry signed with HMAC-SHA256. Whoever holds the link may fetch the file until it expires,
 * without a token — so it can be opened in a new window, handed to the browser's download, resumed,
 * or copied to another workstation.
 */
export class FileUrlSigner {
  readonly #key: Buffer;
  readonly #publicUrl: string;
  readonly #route: string;
  readonly #lifetimeSeconds: number;
  readonly #now: () => number;

  constructor(options: UrlSignerOptions) {
    this.#key = Buffer.from(crypto.hkdfSync('sha256', options.secret, '', 'lizenzportal file url', 32));
    this.#publicUrl = options.publicUrl;
    this.#route = options.route;
    this.#lifetimeSeconds = options.lifetimeSeconds;
    this.#now = options.now ?? (() => Date.now());
  }

  sign(file: SignedFile): string {
    return this.signed(file).url;
  }

  /** A signed URL and the moment it expires (what a mail tells its reader). */
  signed(file: SignedFile): { url: string; expiresAt: Date } {
    const expires = Math.floor(this.#now() / 1000) + this.#lifetimeSeconds;
    const query = new URLSearchParams({ key: file.key, name: file.name });
    if (file.record) query.set('record', file.record);
    query.set('expires', String(expires));
    query.set('signature', this.#signature({ ...file, expires }));
    return { url: `${this.#publicUrl}/api/v1${this.#route}?${query}`, expiresAt: new Date(expires * 1000) };
  }

  /**
   * The signature is checked first (in constant time), so an expired link reveals nothing more;
   * only its canonical spelling counts.
   */
  verify(query: SignedFileQuery): Verdict {
    const expected = Buffer.from(this.#signature(query), 'base64url');
    const given = Buffer.from(query.signature, 'base64url');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return 'invalid';
    if (!isCanonicalBase64url(query.signature)) return 'invalid';
    return query.expires * 1000 < this.#now() ? 'expired' : 'valid';
  }

  #signature(file: SignedFile & { expires: number }): string {
    // Newlines cannot occur in routes, keys, names or ids, so the fields cannot be shifted into
    // each other; the route keeps a document link from opening the download route and vice versa.
    return crypto
      .createHmac('sha256', this.#key)
      .update([this.#route, file.key, file.name, file.record ?? '', file.expires].join('\n'))
      .digest('base64url');
  }
}
