import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { isCanonicalBase64url } from '../../lib/canonical-base64url.ts';
import { keptSecret } from '../../lib/kept-secret.ts';
import { z } from 'zod';
import type { UserType } from '@lizenzportal/domain';

const ALGORITHM = 'HS256';
const ISSUER = 'lizenzportal';

/** A record id exactly as the database writes it: nothing else may reach a query. */
const databaseId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/**
 * The claims the portal issues, checked after the signature: a validly signed token with anything
 * else (a `sub` that is no id, an array, a missing session version) is refused like a forged one.
 */
const claimsSchema = z.discriminatedUnion('userType', [
  z.object({ userType: z.literal('license'), sub: databaseId }),
  /** `sv`: the admin's session version when signed in; a password reset raises it. */
  z.object({ userType: z.literal('admin'), sub: databaseId, sv: z.int().positive() }),
]);

export type TokenClaims =
  { userType: 'license'; sub: string } | { userType: 'admin'; sub: string; sessionVersion: number };

/**
 * Signs and verifies the portal's bearer tokens (HS256 only: the algorithm is pinned). fast-jwt
 * computes the HMAC with node:crypto in the calling thread; WebCrypto (jose) hands every HMAC to
 * the thread pool, which cost ten times the CPU of a whole status request per sign-in (decision 020).
 */
export class TokenService {
  readonly #sign: Record<UserType, (payload: Record<string, unknown>) => string>;
  readonly #verify: (token: string) => unknown;

  /** `lifetimeSeconds`: how long a token of each user type is valid (`ADMIN_SESSION_SECONDS` …). */
  constructor(secret: string, lifetimeSeconds: Record<UserType, number>) {
    const signer = (userType: UserType) =>
      createSigner({
        key: secret,
        algorithm: ALGORITHM,
        iss: ISSUER,
        aud: ISSUER,
        expiresIn: lifetimeSeconds[userType] * 1000,
      });
    this.#sign = { license: signer('license'), admin: signer('admin') };
    this.#verify = createVerifier({
      key: secret,
      algorithms: [ALGORITHM],
      allowedIss: ISSUER,
      allowedAud: ISSUER,
      requiredClaims: ['sub', 'exp'],
    });
  }

  sign(claims: TokenClaims): string {
    const payload =
      claims.userType === 'admin'
        ? { userType: claims.userType, sub: claims.sub, sv: claims.sessionVersion }
        : { userType: claims.userType, sub: claims.sub };
    return this.#sign[claims.userType](payload);
  }

  /**
   * The claims of a valid token, or null for anything forged, expired or malformed. fast-jwt
   * decodes the signature before comparing, so it would take each of its four spellings (the last
   * character's unused bits): only the canonical one is a token.
   */
  verify(token: string): TokenClaims | null {
    if (!isCanonicalBase64url(token.slice(token.lastIndexOf('.') + 1))) return null;
    let payload: unknown;
    try {
      payload = this.#verify(token);
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) return null;
    const { data } = claims;
    return data.userType === 'admin'
      ? { userType: 'admin', sub: data.sub, sessionVersion: data.sv }
      : { userType: 'license', sub: data.sub };
  }
}

/**
 * The signing secret: `JWT_SECRET`, or one generated on first start and kept under the data
 * directory, so tokens survive restarts without any setup.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? keptSecret(dataDir, 'jwt-secret');
}
