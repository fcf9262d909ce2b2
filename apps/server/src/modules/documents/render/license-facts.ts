import {
  DELIVERY_LABELS,
  effectiveDvdCount,
  formatLicenseKey,
  LICENSE_CLASS_LABELS,
  LICENSE_TYPE_LABELS,
  productTitle,
  type License,
} from '@lizenzportal/domain';

/** „Symbolsoftware Version 9 – Pro-Lizenz”. */
export function licenseHeadline(license: License): string {
  return `${productTitle(license.version)} – ${LICENSE_CLASS_LABELS[license.properties.class]}`;
}

/** The license's properties as the documents list them. */
export function propertyRows(license: License): [string, string][] {
  const { size } = license.properties;
  return [
    ['Produkt', productTitle(license.version)],
    ['Lizenzart', LICENSE_TYPE_LABELS[license.properties.type]],
    ['Lizenzklasse', LICENSE_CLASS_LABELS[license.properties.class]],
    ['Lizenzgröße', `${size.toLocaleString('de-DE')} ${size === 1 ? 'Platz' : 'Plätze'}`],
    ['Auslieferung', DELIVERY_LABELS[license.properties.delivery]],
    ['DVDs', String(effectiveDvdCount(license))],
  ];
}

/**
 * The portal's login page with key and code filled in: it signs in at once (customer spec §2,
 * direct login). Both values are URL-encoded; holder names may hold spaces and any letter.
 */
export function displayKey(license: Pick<License, 'key'>): string {
  return formatLicenseKey(license.key);
}
