import { describe, expect, test } from 'vitest';
import {
  LICENSE_KEY_ALPHABET,
  formatLicenseKey,
  generateLicenseKey,
  isCompleteLicenseKey,
  normalizeLicenseKey,
} from './license-key.ts';
import { formatOfferCode, generateOfferCode, isCompleteOfferCode, normalizeOfferCode } from './offer-code.ts';
import {
  formatStartCode,
  generateStartCode,
  isCompleteStartCode,
  looksLikeStartCode,
  normalizeStartCode,
} from './start-code.ts';
import { berlinTime, formatDate, formatDateTime, formatTime } from './dates.ts';

describe('license key', () => {
  test('is upper-cased and stripped of everything but letters and digits', () => {
    expect(normalizeLicenseKey(' ab3d-EF4h_jk5m ')).toBe('AB3DEF4HJK5M');
    expect(isCompleteLicenseKey('ab3d-ef4h-jk5m')).toBe(true);
    expect(isCompleteLicenseKey('ab3d-ef4h-jk5')).toBe(false);
  });

  test('is grouped 4-4-4 while typing and cut at 12 characters', () => {
    expect(formatLicenseKey('ab')).toBe('AB');
    expect(formatLicenseKey('abcde')).toBe('ABCD-E');
    expect(formatLicenseKey('ABCDEFGHJKLMNP')).toBe('ABCD-EFGH-JKLM');
    expect(formatLicenseKey('')).toBe('');
  });

  test('is generated from 32 characters without look-alikes', () => {
    expect(LICENSE_KEY_ALPHABET).toHaveLength(32);
    for (const lookAlike of ['0', 'O', '1', 'I']) expect(LICENSE_KEY_ALPHABET).not.toContain(lookAlike);
    const keys = Array.from({ length: 500 }, generateLicenseKey);
    for (const key of keys) expect(key).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('start code', () => {
  test('keeps digits only and is grouped 3+3', () => {
    expect(normalizeStartCode('123 456')).toBe('123456');
    expect(formatStartCode('1234')).toBe('123 4');
    expect(formatStartCode('12a3456789')).toBe('123 456');
    expect(isCompleteStartCode('123 456')).toBe(true);
    expect(isCompleteStartCode('12345')).toBe(false);
  });

  test('is told from a holder name: six digits, grouped or not, and nothing else', () => {
    expect(looksLikeStartCode('123 456')).toBe(true);
    expect(looksLikeStartCode('123456')).toBe(true);
    expect(looksLikeStartCode('12345')).toBe(false);
    expect(looksLikeStartCode('1234567')).toBe(false);
    expect(looksLikeStartCode('Schule 123456')).toBe(false);
  });

  test('is 6 random digits', () => {
    const codes = Array.from({ length: 500 }, generateStartCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(450);
  });
});

describe('offer code', () => {
  test('keeps case, drops whitespace and is grouped 3-3-3', () => {
    expect(normalizeOfferCode(' aBc dEf\tgHk ')).toBe('aBcdEfgHk');
    expect(formatOfferCode('aBcdEfgHk')).toBe('aBc dEf gHk');
    expect(isCompleteOfferCode('aBc dEf gHk')).toBe(true);
    expect(isCompleteOfferCode('aBc-dEf-gHk')).toBe(false);
  });

  test('is generated case-sensitively without look-alikes', () => {
    for (const code of Array.from({ length: 200 }, generateOfferCode)) {
      expect(code).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{9}$/);
    }
  });
});

describe('dates', () => {
  test('are shown as DD.MM.YY and HH:mm:ss in Europe/Berlin', () => {
    // 23:30 UTC on 31 Dec is already 1 Jan in Berlin (UTC+1 in winter).
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('01.01.26');
    expect(formatTime('2025-12-31T23:30:05Z')).toBe('00:30:05');
    expect(formatDateTime(new Date('2026-07-01T10:00:00Z'))).toBe('01.07.26 12:00:00');
  });

  test('a Berlin wall-clock time names its instant every hour of two years, across each change of the clock', () => {
    const wrong: string[] = [];
    for (let instant = Date.UTC(2025, 0, 1); instant < Date.UTC(2027, 0, 1); instant += 3_600_000 + 61_000) {
      const shown = formatDateTime(new Date(instant));
      const [day, month, year, hour, minute, second] = shown.split(/[. :]/).map(Number);
      const named = berlinTime(2000 + year!, month!, day!, hour, minute, second);
      if (formatDateTime(named) !== shown) wrong.push(`${shown} → ${formatDateTime(named)}`);
    }
    expect(wrong).toEqual([]);
    // The hour the clock skips in spring names the time an hour later.
    expect(berlinTime(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
