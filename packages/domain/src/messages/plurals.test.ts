import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as domain from '../index.ts';
import { formatSeats } from '../license/enums.ts';
import { assistantMessages } from './assistant.ts';
import { assistantScreens } from '../composed-messages/assistant-screens.ts';
import { createLicensesMessages, licenseToolbarMessages } from '../composed-messages/back-office.ts';
import { listMessages } from './lists.ts';
import { deliveryMailTexts } from './deliveries.ts';
import { documentMessages } from './documents.ts';
import { counted, COUNTED_NOUNS, nounFor } from './plurals.ts';
import { licensesOfSize } from './reseller-lines.ts';
import { orderGenerationErrors } from '../composed-messages/shop-orders.ts';
import { upgradeSessionMessages } from './upgrade-session.ts';

const FORMS = Object.values(COUNTED_NOUNS);
const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (words: string[]) => words.map(escape).join('|');
/** A word ends where no letter follows (so „Lizenz” is not found inside „Lizenzen”). */
const END = '(?![A-Za-zÄÖÜäöüß])';
/** A count in German digits that stands alone („1”, „10.000”, not the „1” of „2,1”). */
const COUNT = '(?<![\\d.,])(\\d{1,3}(?:\\.\\d{3})*)';
const SINGULAR_AFTER = new RegExp(`${COUNT} (${alternatives(FORMS.map((form) => form.one))})${END}`, 'g');
const PLURAL_AFTER = new RegExp(`${COUNT} (${alternatives(FORMS.map((form) => form.other))})${END}`, 'g');

/** Every count in `text` followed by a counted noun in the wrong form („1 Arbeitsplätze”, „3 Lizenz”). */
function wrongForms(text: string): string[] {
  const wrong = [...text.matchAll(SINGULAR_AFTER)].filter((match) => match[1] !== '1');
  const wrongPlural = [...text.matchAll(PLURAL_AFTER)].filter((match) => match[1] === '1');
  return [...wrong, ...wrongPlural].map((match) => match[0]);
}

/** Every string the domain exports (catalogues, labels, legal texts), however deeply nested. */
function exportedStrings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((entry) => exportedStrings(entry, seen));
}

/**
 * Every text of the catalogue that counts something, with the counts it is shown for and the
 * noun each count must carry. A new counted text belongs here; `scripts/plural-forms.test.ts`
 * finds one that builds its noun itself.
 */
const COUNTED_TEXTS: {
  name: string;
  text: (count: number) => string;
  noun: keyof typeof COUNTED_NOUNS;
}[] = [
  { name: 'formatSeats', text: formatSeats, noun: 'seat' },
  { name: 'extensionSeats', text: (n) => assistantScreens.extensionSeats(n, 1), noun: 'seat' },
  { name: 'reductionText', text: assistantMessages.reductionText, noun: 'seat' },
  { name: 'extensionNeedsMoreSeats', text: assistantMessages.extensionNeedsMoreSeats, noun: 'seat' },
  { name: 'extensionTooSmall', text: upgradeSessionMessages.extensionTooSmall, noun: 'seat' },
  { name: 'extensionTooManyDvds', text: upgradeSessionMessages.extensionTooManyDvds, noun: 'additionalDvd' },
  { name: 'tooManyDvds (DVDs)', text: (n) => orderGenerationErrors.tooManyDvds(n, n), noun: 'dvd' },
  { name: 'tooManyDvds (seats)', text: (n) => orderGenerationErrors.tooManyDvds(n, n), noun: 'seat' },
  { name: 'technical', text: (n) => orderGenerationErrors.technical(n, 'timeout'), noun: 'attemptDative' },
  { name: 'tooManyForAll', text: (n) => listMessages.tooManyForAll(n, true, 1000), noun: 'entry' },
  { name: 'selectAtLeast', text: licenseToolbarMessages.selectAtLeast, noun: 'license' },
  { name: 'tooManyRows', text: (n) => domain.licenseImportMessages.tooManyRows(n, n), noun: 'license' },
  { name: 'countOutOfRange', text: createLicensesMessages.countOutOfRange, noun: 'license' },
  { name: 'created', text: createLicensesMessages.created, noun: 'license' },
  { name: 'batchSize', text: documentMessages.batchSize, noun: 'license' },
  { name: 'licensesOfSize (licenses)', text: (n) => licensesOfSize(n, n), noun: 'license' },
  { name: 'licensesOfSize (seats)', text: (n) => licensesOfSize(n, n), noun: 'seat' },
];

describe('counted nouns', () => {
  it('take the singular for exactly one and the plural for any other count', () => {
    expect(counted(1, 'seat')).toBe('1 Arbeitsplatz');
    expect(counted(0, 'seat')).toBe('0 Arbeitsplätze');
    expect(counted(3, 'seat')).toBe('3 Arbeitsplätze');
    expect(counted(10_000, 'license')).toBe('10.000 Lizenzen');
    expect(nounFor(1, 'attemptDative')).toBe('Versuch');
    expect(nounFor(2, 'attemptDative')).toBe('Versuchen');
  });

  it.each(COUNTED_TEXTS)('„$name” carries the right form for 1, 3 and 10.000', ({ text, noun }) => {
    for (const count of [1, 3, 10_000]) {
      const shown = text(count);
      expect(shown).toContain(counted(count, noun));
      expect(wrongForms(shown), shown).toEqual([]);
    }
  });

  describe('a count in German digits', () => {
    afterEach(() => vi.restoreAllMocks());

    it('is what the locale writes, for any whole number and for fractions', () => {
      fc.assert(
        fc.property(fc.maxSafeInteger(), (count) => {
          expect(counted(count, 'seat').split(' ')[0]).toBe(count.toLocaleString('de-DE'));
        }),
      );
      expect(counted(1.5, 'seat')).toBe('1,5 Arbeitsplätze');
    });

    it('needs no locale number formats for a whole number (their first load costs „Meine Lizenz” 60 ms)', () => {
      const toLocaleString = vi.spyOn(Number.prototype, 'toLocaleString');
      expect(counted(10_000, 'license')).toBe('10.000 Lizenzen');
      expect(toLocaleString).not.toHaveBeenCalled();
    });
  });

  it('no text the domain exports pairs a count with the wrong form', () => {
    const wrong = exportedStrings(domain).flatMap(wrongForms);
    expect(wrong).toEqual([]);
  });

  it('the mails name one document or several in the forms of the table', () => {
    expect(deliveryMailTexts.order.subject(false, 'Software 9')).toContain('Startdokument für');
    expect(deliveryMailTexts.order.subject(true, 'Software 9')).toContain('Startdokumente für');
    expect(deliveryMailTexts.licenseWord(true)).toBe('die Lizenzdokumente');
  });
});
