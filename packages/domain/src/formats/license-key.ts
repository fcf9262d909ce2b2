import { randomString } from './random.ts';
import type { TextFormat } from './text-format.ts';

/** A–Z and 0–9 without the look-alikes 0, O, 1 and I: 32 characters, 60 bits per key. */
export const LICENSE_KEY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const LICENSE_KEY_LENGTH = 12;

/** Upper-cases and strips everything but letters and digits, as every key input does before use. */
export function normalizeLicenseKey(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A key is well-formed when its normalized form has exactly 12 letters or digits. */
export function isCompleteLicenseKey(input: string): boolean {
  return normalizeLicenseKey(input).length === LICENSE_KEY_LENGTH;
}

/** Groups a (partial) key as `XXXX-XXXX-XXXX` while typing; extra characters are cut off. */
export function formatLicenseKey(input: string): string {
  const normalized = normalizeLicenseKey(input).slice(0, LICENSE_KEY_LENGTH);
  return normalized.match(/.{1,4}/g)?.join('-') ?? '';
}

/** The key field: letters and digits count, grouped `XXXX-XXXX-XXXX`, upper-cased. */
export const LICENSE_KEY_FORMAT: TextFormat = {
  counts: (character) => /^[a-z0-9]$/i.test(character),
  format: formatLicenseKey,
};

/** The key's shape, as its empty field shows it. */
export const LICENSE_KEY_PLACEHOLDER = 'XXXX-XXXX-XXXX';

export function generateLicenseKey(): string {
  return randomString(LICENSE_KEY_ALPHABET, LICENSE_KEY_LENGTH);
}

/**
 * The direct-login address of a license (in documents, QR codes and mails): the login page reads
 * both values from its query and signs in at once.
 */
export function directLoginUrl(portalUrl: string, key: string, authenticationCode: string): string {
  return `${portalUrl}/login?key=${encodeURIComponent(key)}&authenticationCode=${encodeURIComponent(authenticationCode)}`;
}
