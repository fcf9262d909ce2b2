import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listMessages, pagerMessages } from '../messages/lists.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

/** The module fresh, with `Intl.NumberFormat` watched from before its evaluation. */
async function freshNumbers() {
  vi.resetModules();
  const made = vi.spyOn(Intl, 'NumberFormat');
  const numbers = await import('./numbers.ts');
  return { ...numbers, made };
}

describe('formatCount', () => {
  it('writes a whole number as the locale does', () => {
    const reference = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
    return freshNumbers().then(({ formatCount }) =>
      fc.assert(
        fc.property(fc.maxSafeInteger(), (count) => {
          expect(formatCount(count)).toBe(reference.format(count));
        }),
      ),
    );
  });

  it('rounds other numbers as the locale does', async () => {
    const { formatCount } = await freshNumbers();
    expect(formatCount(1234.6)).toBe('1.235');
  });

  it('makes no number format at import, nor for a whole number (decision 058)', async () => {
    const { formatCount, made } = await freshNumbers();
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(made).not.toHaveBeenCalled();
  });

  it('the lists’ range and page texts go through it', () => {
    expect(listMessages.pageRange(1, 20, 12345, true)).toBe('1–20 von 12.345');
    expect(pagerMessages.page(1000)).toBe('Seite 1.000');
  });
});
