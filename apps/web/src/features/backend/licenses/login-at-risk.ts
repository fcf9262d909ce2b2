import type { License } from '@lizenzportal/domain';

/** A bound license signs in with the holder name: another authentication code locks the holder out. */
export function loginAtRisk(license: Pick<License, 'status' | 'authenticationCode' | 'holder'>): boolean {
  return license.status === 'bound' && license.authenticationCode !== (license.holder.name ?? '');
}
