import crypto from 'node:crypto';
import { createDecoder, createSigner, createVerifier, TokenError } from 'fast-jwt';
import {
  CART_TOKEN_ALGORITHM,
  CART_TOKEN_SECONDS,
  cartClaimsSchema,
  type CartClaims,
  type SignedCart,
} from '@lizenzportal/domain';
import { isCanonicalBase64url } from './canonical-base64url.ts';
import { keptSecret } from './kept-secret.ts';

/** PKCS #8 DER of an Ed25519 private key, less its 32-byte seed (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** One of the portal's cart-signing keys: its id, its public key as the shop enters it. */
export interface CartSigningKey {
  /** `kid` of the tokens it signs: the first 16 characters of the public key's SHA-256, base64url. */
  id: string;
  /** The raw 32-byte Ed25519 public key, base64 (what libsodium verifies with). */
  publicKey: string;
  privateKey: crypto.KeyObject;
  publicKeyObject: crypto.KeyObject;
}

/**
 * The Ed25519 key of a secret (`SHOP_CART_SIGNING_KEY`: 32 or more characters, like the portal's
 * other secrets): its seed is the secret's SHA-256, so the same secret is the same key everywhere.
 */
function cartSigningKey(secret: string): CartSigningKey {
  const seed = crypto.createHash('sha256').update(secret, 'utf8').digest();
  const privateKey = crypto.createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKeyObject = crypto.createPublicKey(privateKey);
  const raw = Buffer.from(publicKeyObject.export({ format: 'jwk' }).x!, 'base64url');
  return {
    id: crypto.createHash('sha256').update(raw).digest('base64url').slice(0, 16),
    publicKey: raw.toString('base64'),
    privateKey,
    publicKeyObject,
  };
}

/**
 * The signing secret: `SHOP_CART_SIGNING_KEY`, or one generated on first start and kept under the
 * data directory (development; production requires it, config.ts).
 */
export function cartSigningSecret(dataDir: string, configured: string | undefined): string {
  return configured ?? keptSecret(dataDir, 'shop-cart-signing-key');
}

/** A key the portal publishes: the shop's plugin verifies with it. */
export interface PublishedCartKey {
  id: string;
  algorithm: 'Ed25519';
  publicKey: string;
  /** The key new tokens are signed with; the other (the previous key) still verifies. */
  current: boolean;
}

/**
 * Signs the carts the assistant hands to the shop and verifies them when the paid order comes back
 * (decision 065). Two keys may verify (the current and, during a rotation, the previous one); only
 * the current one signs.
 */
export class CartTokens {
  readonly #current: CartSigningKey;
  readonly #keys: CartSigningKey[];
  readonly #sign: (payload: Record<string, unknown>) => string;
  readonly #verifiers: Map<string, (token: string) => unknown>;
  readonly #decode = createDecoder({ complete: true });

  /** `issuer`: the portal's address; `audience`: the shop's origin the token is for. */
  constructor(options: { current: string; previous?: string; issuer: string; audience: string }) {
    this.#current = cartSigningKey(options.current);
    const previous = options.previous ? cartSigningKey(options.previous) : null;
    this.#keys = previous && previous.id !== this.#current.id ? [this.#current, previous] : [this.#current];
    this.#sign = createSigner({
      key: this.#current.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      algorithm: CART_TOKEN_ALGORITHM,
      kid: this.#current.id,
      iss: options.issuer,
      aud: options.audience,
      expiresIn: CART_TOKEN_SECONDS * 1000,
    });
    // A paid order comes back long after its token expired (a bank transfer): only the signature
    // and the claims count then; the shop checked the expiry when the cart was filled.
    this.#verifiers = new Map(
      this.#keys.map((key) => [
        key.id,
        createVerifier({
          key: key.publicKeyObject.export({ format: 'pem', type: 'spki' }).toString(),
          algorithms: [CART_TOKEN_ALGORITHM],
          ignoreExpiration: true,
          requiredClaims: ['jti', 'iat', 'exp'],
        }),
      ]),
    );
  }

  /** The public keys, current first. */
  keys(): PublishedCartKey[] {
    return this.#keys.map((key) => ({
      id: key.id,
      algorithm: 'Ed25519',
      publicKey: key.publicKey,
      current: key === this.#current,
    }));
  }

  /** A token of these claims, with a one-time id, valid for `CART_TOKEN_SECONDS`. */
  sign(claims: CartClaims): { cartToken: string; expiresAt: string } {
    const cartToken = this.#sign({ ...claims, jti: crypto.randomUUID() });
    const { exp } = this.#decode(cartToken).payload as { exp: number };
    return { cartToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /**
   * The cart of a token one of the keys signed (expired or not), or null for anything else: forged,
   * another key, a malformed payload.
   */
  verify(token: string): SignedCart | null {
    if (token.length > 20_000 || !isCanonicalBase64url(token.slice(token.lastIndexOf('.') + 1))) return null;
    let payload: unknown;
    try {
      const { header } = this.#decode(token) as { header: { kid?: unknown } };
      const verify = typeof header.kid === 'string' ? this.#verifiers.get(header.kid) : undefined;
      if (!verify) return null;
      payload = verify(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    const claims = cartClaimsSchema.safeParse(payload);
    const registered = payload as { jti?: unknown; iat?: unknown; exp?: unknown };
    if (!claims.success || typeof registered.jti !== 'string') return null;
    return {
      ...claims.data,
      id: registered.jti,
      issuedAt: Number(registered.iat),
      expiresAt: Number(registered.exp),
    };
  }
}
