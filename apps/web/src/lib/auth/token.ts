/** The sign-in token lives in local storage under the key both specs name. */
const TOKEN_KEY = 'user-token';

/**
 * Local storage, or `null` where the browser withholds it: in the shop's iframe, on another site,
 * a browser that blocks third-party storage throws on access — the assistant runs without it.
 */
function storage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}

/** What the stored token says of itself, read without checking it (the server checks every request). */
interface TokenClaims {
  /** Issued and ends, ms since the epoch. */
  issuedAt: number;
  expiresAt: number;
  /** „license” or „admin”. */
  userType: string | null;
}

function claimsOf(token: string | null): TokenClaims | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const { iat, exp, userType } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      iat?: unknown;
      exp?: unknown;
      userType?: unknown;
    };
    return typeof iat === 'number' && typeof exp === 'number'
      ? {
          issuedAt: iat * 1000,
          expiresAt: exp * 1000,
          userType: typeof userType === 'string' ? userType : null,
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * When the token was issued and ends (ms since the epoch): for the warning before the end. `null`
 * for no or an unreadable token.
 */
export function tokenTimes(token: string | null): { issuedAt: number; expiresAt: number } | null {
  const claims = claimsOf(token);
  return claims && { issuedAt: claims.issuedAt, expiresAt: claims.expiresAt };
}

/**
 * The user type the stored token was issued for while it has not ended, else `null`: lets a
 * returning admin's page draw before the server's answer about the user (decision 068).
 */
export function claimedUserType(token: string | null, now = Date.now()): string | null {
  const claims = claimsOf(token);
  return claims && claims.expiresAt > now ? claims.userType : null;
}
