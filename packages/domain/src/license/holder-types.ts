import { HOLDER_TYPES, type HolderType, type LicenseClass } from './enums.ts';

/**
 * Which holder types a license of this class may have: a personal license belongs to a person, a
 * pro license to an organization; older classes (or none yet) allow both.
 */
export function allowedHolderTypes(licenseClass: LicenseClass | null): readonly HolderType[] {
  if (licenseClass === 'personal') return ['person'];
  if (licenseClass === 'pro') return ['organization'];
  return HOLDER_TYPES;
}

/** The holder type a binding form starts with: forced when only one is allowed, else by the contact. */
export function initialHolderType(
  licenseClass: LicenseClass | null,
  holder: { contact?: string | null } | null,
): HolderType | null {
  const allowed = allowedHolderTypes(licenseClass);
  if (allowed.length === 1) return allowed[0]!;
  return holder?.contact ? 'organization' : null;
}
