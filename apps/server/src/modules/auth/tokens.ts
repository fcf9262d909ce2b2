import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { keptSecret } from '../../lib/kept-secret.ts';
import { z } from 'zod';
import type { UserType } from '@lizenzportal/domain';

const ALGORITHM = 'HS256';
const ISSUER = 'lizenzportal';
const TOKEN_LIFETIME: Record<UserType, string> = { license: '12h', admin: '8h' };

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

/** Signs and verifies the portal's bearer tokens (HS256 only: the algorithm is pinned). */
export class TokenService {
  /** Imported once: handing jose the raw bytes would import the key again on every call. */
  readonly #key: Promise<crypto.webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.#key = crypto.webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(claims: TokenClaims): Promise<string> {
    const payload =
      claims.userType === 'admin'
        ? { userType: claims.userType, sv: claims.sessionVersion }
        : { userType: claims.userType };
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME[claims.userType])
      .sign(await this.#key);
  }

  /** The claims of a valid token, or null for anything forged, expired or malformed. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: ISSUER,
        requiredClaims: ['sub', 'exp'],
      });
      const claims = claimsSchema.safeParse(payload);
      if (!claims.success) return null;
      const { data } = claims;
      return data.userType === 'admin'
        ? { userType: 'admin', sub: data.sub, sessionVersion: data.sv }
        : { userType: 'license', sub: data.sub };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/**
 * The signing secret: `JWT_SECRET`, or one generated on first start and kept under the data
 * directory, so tokens survive restarts without any setup.
 */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? keptSecret(dataDir, 'jwt-secret');
}
