import { describe, expect, test } from 'vitest';
import { privacyNotice, retentionPeriod } from './privacy-notice.ts';

describe('the retention periods on /datenschutz', () => {
  test('whole years are said in years, other periods in days, each with its noun', () => {
    expect(retentionPeriod(2190)).toBe('6 Jahre');
    expect(retentionPeriod(365)).toBe('1 Jahr');
    expect(retentionPeriod(90)).toBe('90 Tage');
    expect(retentionPeriod(1)).toBe('1 Tag');
  });

  test('the notice names the periods it is given', () => {
    const items = privacyNotice.periods.items({ offerDays: 45, mailTextDays: 180, auditDays: 3650 });
    expect(items[1]).toContain('45 Tage nach Ablauf des Angebots');
    expect(items[2]).toContain('180 Tage');
    expect(items[3]).toContain('10 Jahre');
  });
});
