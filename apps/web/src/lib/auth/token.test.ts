import { afterEach, describe, expect, test, vi } from 'vitest';
import { claimedUserType, clearToken, readToken, storeToken, tokenTimes } from './token.ts';

const stored = new Map<string, string>();
const memoryStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
  removeItem: (key: string) => void stored.delete(key),
} as Storage;

afterEach(() => {
  vi.unstubAllGlobals();
  stored.clear();
});

describe('the sign-in token', () => {
  test('is kept in local storage and forgotten', () => {
    vi.stubGlobal('localStorage', memoryStorage);
    storeToken('token-1');
    expect(readToken()).toBe('token-1');
    clearToken();
    expect(readToken()).toBeNull();
  });

  test('is simply absent where the browser denies storage (a third-party iframe)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      expect(readToken()).toBeNull();
      expect(() => clearToken()).not.toThrow();
    } finally {
      delete (globalThis as { localStorage?: Storage }).localStorage;
    }
  });
});

/** A token as the server signs it (the signature is not read here). */
const tokenWith = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;

describe('what the token says of itself', () => {
  const now = Date.UTC(2026, 10, 29, 12);
  const admin = tokenWith({ userType: 'admin', sub: '1', sv: 1, iat: now / 1000 - 60, exp: now / 1000 + 60 });

  test('its times and, until it ends, its user type', () => {
    expect(tokenTimes(admin)).toEqual({ issuedAt: now - 60_000, expiresAt: now + 60_000 });
    expect(claimedUserType(admin, now)).toBe('admin');
    expect(claimedUserType(admin, now + 60_000)).toBeNull();
  });

  test('nothing of a missing or unreadable token', () => {
    expect(claimedUserType(null, now)).toBeNull();
    expect(claimedUserType('not-a-token', now)).toBeNull();
    expect(tokenTimes('a.%%%.b')).toBeNull();
    expect(claimedUserType(tokenWith({ iat: 1, exp: now / 1000 + 60 }), now)).toBeNull();
  });
});
