import {
  DELIVERY_LABELS,
  documentTexts,
  effectiveDvdCount,
  fieldLabel,
  formatSeats,
  LICENSE_CLASS_LABELS,
  LICENSE_TYPE_LABELS,
  productTitle,
  type License,
} from '@lizenzportal/domain';

/** „Symbolsoftware Version 9 – Pro-Lizenz”. */
export function licenseHeadline(license: License): string {
  return `${productTitle(license.version)} – ${LICENSE_CLASS_LABELS[license.properties.class]}`;
}

/** The license's properties as the documents list them, worded as in the portal. */
export function propertyRows(license: License): [string, string][] {
  const { properties } = license;
  return [
    [documentTexts.shared.product, productTitle(license.version)],
    [fieldLabel('properties.type'), LICENSE_TYPE_LABELS[properties.type]],
    [fieldLabel('properties.class'), LICENSE_CLASS_LABELS[properties.class]],
    [fieldLabel('properties.size'), formatSeats(properties.size)],
    [fieldLabel('properties.delivery'), DELIVERY_LABELS[properties.delivery]],
    [fieldLabel('properties.dvdCount'), String(effectiveDvdCount(license))],
  ];
}
