import type { License } from '@lizenzportal/domain';

/** The spec's warning (list and editor) when the code a holder types at login is not the holder name. */
export const LOGIN_AT_RISK = 'Login möglicherweise nicht möglich';

/** A bound license signs in with the holder name: another authentication code locks the holder out. */
export function loginAtRisk(license: Pick<License, 'status' | 'authenticationCode' | 'holder'>): boolean {
  return license.status === 'bound' && license.authenticationCode !== (license.holder.name ?? '');
}
