import { LICENSE_CLASS_LABELS } from '../license/enums.ts';
import type { License } from '../license/schema.ts';
import { assistantMessages } from '../messages/assistant.ts';
import type { PurchasableClass } from '../upgrade-session/enums.ts';

/** How many licenses an update or extension may name (an extension: exactly one). */
export function loginLimit(purchaseType: 'upgrade' | 'extension'): number {
  return purchaseType === 'extension' ? 1 : Number.POSITIVE_INFINITY;
}

/**
 * Why a license cannot be updated or extended, as the warning the assistant shows (spec §5): an
 * update needs version 8; an extension a version 9 pro license. `null` when it can.
 */
export function licenseRejection(
  purchaseType: 'upgrade' | 'extension',
  license: Pick<License, 'version' | 'properties'>,
): string | null {
  if (purchaseType === 'upgrade') {
    return license.version === '8' ? null : assistantMessages.upgradeNeedsVersion8(license.version);
  }
  if (license.version !== '9') return assistantMessages.extensionNeedsVersion9(license.version);
  if (license.properties.class !== 'pro') {
    return assistantMessages.extensionNeedsPro(LICENSE_CLASS_LABELS[license.properties.class]);
  }
  return null;
}

/** Seats of the licenses an update merges or an extension grows. */
export function totalSeats(licenses: readonly Pick<License, 'properties'>[]): number {
  return licenses.reduce((sum, license) => sum + license.properties.size, 0);
}

/**
 * The class the assistant recommends for an update (spec §4 "Recommended class"): pro for more
 * than one seat; none while a license is unbound (nothing is known of its holder); pro for a
 * holder with a contact person (an organization); otherwise personal.
 */
export function recommendedClass(
  licenses: readonly Pick<License, 'status' | 'holder' | 'properties'>[],
): PurchasableClass | null {
  if (totalSeats(licenses) > 1) return 'pro';
  if (licenses.length === 0 || licenses.some((license) => license.status === 'unbound')) return null;
  if (licenses.some((license) => license.holder.contact?.trim())) return 'pro';
  return 'personal';
}
