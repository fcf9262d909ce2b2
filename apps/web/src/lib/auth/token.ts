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
