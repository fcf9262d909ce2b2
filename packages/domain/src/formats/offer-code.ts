import { randomString } from './random.ts';
import type { TextFormat } from './text-format.ts';

/** Mixed-case letters and digits without the look-alikes 0 O o 1 I l; offer codes are case-sensitive. */
export const OFFER_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const OFFER_CODE_LENGTH = 9;

/** Removes whitespace; case is kept. */
export function normalizeOfferCode(input: string): string {
  return input.replace(/\s/g, '');
}

export function isCompleteOfferCode(input: string): boolean {
  const normalized = normalizeOfferCode(input);
  return normalized.length === OFFER_CODE_LENGTH && /^[A-Za-z0-9]+$/.test(normalized);
}

/** Groups a (partial) offer code in blocks of three: `abc def ghi`. */
export function formatOfferCode(input: string): string {
  const normalized = normalizeOfferCode(input).slice(0, OFFER_CODE_LENGTH);
  return normalized.match(/.{1,3}/g)?.join(' ') ?? '';
}

/** The offer-code field: everything but whitespace counts (case kept), grouped `abc def ghi`. */
export const OFFER_CODE_FORMAT: TextFormat = {
  counts: (character) => /^\S$/.test(character),
  format: formatOfferCode,
};

export function generateOfferCode(): string {
  return randomString(OFFER_CODE_ALPHABET, OFFER_CODE_LENGTH);
}
