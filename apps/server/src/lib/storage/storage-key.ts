/**
 * A storage key: slash-separated segments of letters, digits, `.`, `_` and `-`, none starting with
 * a dot. So `..`, absolute paths, backslashes and empty segments are impossible by construction,
 * and a key maps to the same path on every backend.
 */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const STORAGE_KEY_MAX_LENGTH = 512;

function isValidStorageKey(key: string): boolean {
  return key.length <= STORAGE_KEY_MAX_LENGTH && STORAGE_KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key "${key.slice(0, 100)}"`);
    this.name = 'InvalidStorageKeyError';
  }
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  txt: 'text/plain; charset=utf-8',
};

/** The content type a key's extension implies (local files keep no metadata). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
