import { exampleLicense } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { changedPaths, draftProblems, parseInteger, rebaseDraft, withValue } from './license-draft.ts';

describe('the license draft', () => {
  it('sets nested values without touching the original', () => {
    const license = exampleLicense();
    const changed = withValue(license, 'holder.name', 'Schule am See');
    expect(changed.holder.name).toBe('Schule am See');
    expect(license.holder.name).toBeNull();
  });

  it('parses integers; download counts fall back to 0', () => {
    expect(parseInteger('12', null)).toBe(12);
    expect(parseInteger('', 0)).toBe(0);
    expect(parseInteger('abc', 0)).toBe(0);
    expect(parseInteger(7, 0)).toBe(7);
  });

  it('asks for holder name, e-mail and type of a bound license, and checks the e-mail', () => {
    const bound = withValue(exampleLicense(), 'status', 'bound');
    expect(draftProblems(bound)).toEqual({
      'holder.name': 'Bitte machen Sie eine Angabe für „Name des Lizenznehmers”.',
      'holder.email': 'Bitte machen Sie eine Angabe für „E-Mail”.',
      'holder.holderType': 'Bitte machen Sie eine Angabe für „Lizenznehmer-Typ”.',
    });
    const badMail = withValue(exampleLicense(), 'holder.email', 'keine-adresse');
    expect(draftProblems(badMail)).toEqual({
      'holder.email': 'Die Angabe für das Feld „E-Mail” ist ungültig.',
    });
    expect(draftProblems(exampleLicense())).toEqual({});
  });

  it('carries the admin’s changes over to the license as changed meanwhile, and its revision', () => {
    const base = exampleLicense({ notes: 'alt', updatedAt: '2025-01-01T00:00:00.000Z' });
    const draft = withValue(withValue(base, 'notes', 'Neue Notiz'), 'properties.size', 7);
    const current = withValue(
      withValue(base, 'holder.contact', 'Andere Seite'),
      'updatedAt',
      '2025-02-02T00:00:00.000Z',
    );
    expect(changedPaths(base, draft).sort()).toEqual(['notes', 'properties.size']);
    const rebased = rebaseDraft(base, draft, current);
    expect(rebased.notes).toBe('Neue Notiz');
    expect(rebased.properties.size).toBe(7);
    expect(rebased.holder.contact).toBe('Andere Seite');
    expect(rebased.updatedAt).toBe('2025-02-02T00:00:00.000Z');
    expect(current.notes).toBe('alt');
  });
});
