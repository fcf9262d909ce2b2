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

/**
 * When the token was issued and ends (ms since the epoch), read from its claims without checking
 * them (the server checks): for the warning before the end. `null` for no or an unreadable token.
 */
export function tokenTimes(token: string | null): { issuedAt: number; expiresAt: number } | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const { iat, exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      iat?: unknown;
      exp?: unknown;
    };
    return typeof iat === 'number' && typeof exp === 'number'
      ? { issuedAt: iat * 1000, expiresAt: exp * 1000 }
      : null;
  } catch {
    return null;
  }
}
