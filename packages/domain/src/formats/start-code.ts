import { randomString } from './random.ts';
import type { TextFormat } from './text-format.ts';

export const START_CODE_LENGTH = 6;

/** Keeps digits only: the start code is sent without the grouping space. */
export function normalizeStartCode(input: string): string {
  return input.replace(/\D/g, '');
}

export function isCompleteStartCode(input: string): boolean {
  return normalizeStartCode(input).length === START_CODE_LENGTH;
}

/** Whether typed text is a start code (six digits, grouped or not) rather than a holder name. */
export function looksLikeStartCode(input: string): boolean {
  return /^[\d\s]+$/.test(input) && isCompleteStartCode(input);
}

/** Groups a (partial) start code as `123 456`. */
export function formatStartCode(input: string): string {
  const digits = normalizeStartCode(input).slice(0, START_CODE_LENGTH);
  return digits.match(/.{1,3}/g)?.join(' ') ?? '';
}

/** The start-code field: digits count, grouped `123 456`. */
export const START_CODE_FORMAT: TextFormat = {
  counts: (character) => /^\d$/.test(character),
  format: formatStartCode,
};

export function generateStartCode(): string {
  return randomString('0123456789', START_CODE_LENGTH);
}
