import { afterEach, describe, expect, test, vi } from 'vitest';
import { clearToken, readToken, storeToken } from './token.ts';

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
