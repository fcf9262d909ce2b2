import type { LicenseDelivery, LicenseClass, SpecialPermission } from './enums.ts';

/**
 * Download licenses get `download`; server licenses get the three search-product permissions.
 * The result keeps the requested permissions and adds the automatic ones, without duplicates, in
 * the canonical order.
 */
export function withAutomaticPermissions(
  requested: readonly SpecialPermission[],
  properties: { class: LicenseClass; delivery: LicenseDelivery },
): SpecialPermission[] {
  const result = new Set<SpecialPermission>(requested);
  if (properties.delivery === 'download') result.add('download');
  if (properties.class === 'server') {
    result.add('metasearch-server-info');
    result.add('metasearch-multistep-installer');
    result.add('metasearch-oneclick-installer');
  }
  const order: readonly SpecialPermission[] = [
    'download',
    'metasearch-server-info',
    'metasearch-multistep-installer',
    'metasearch-oneclick-installer',
  ];
  return order.filter((permission) => result.has(permission));
}
