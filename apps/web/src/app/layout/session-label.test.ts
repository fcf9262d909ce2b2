import type { AuthUser } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { sessionLabel } from './session-label.ts';

const licenseUser = (holderName: string | null) =>
  ({ type: 'license', key: 'ABCDEFGHJKLM', holder: { name: holderName } }) as AuthUser;

describe('sessionLabel', () => {
  it('shows the holder name of a bound license', () => {
    expect(sessionLabel(licenseUser('Maria Musterfrau'))).toBe('Maria Musterfrau');
  });

  it('shows the grouped license key while there is no holder name', () => {
    expect(sessionLabel(licenseUser(null))).toBe('ABCD-EFGH-JKLM');
    expect(sessionLabel(licenseUser('  '))).toBe('ABCD-EFGH-JKLM');
  });

  it('shows the admin name', () => {
    expect(sessionLabel({ type: 'admin', _id: 'id', name: 'verwaltung' })).toBe('verwaltung');
  });
});
