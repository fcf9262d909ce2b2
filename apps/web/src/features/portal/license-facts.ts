import {
  DELIVERY_LABELS,
  effectiveDvdCount,
  fieldLabel,
  formatLicenseKey,
  formatSeats,
  formatStartCode,
  HOLDER_TYPE_LABELS,
  LICENSE_CLASS_LABELS,
  LICENSE_TYPE_LABELS,
  portalMessages,
  type License,
} from '@lizenzportal/domain';

export interface LicenseFact {
  label: string;
  value: string;
}

/** "Pro-Lizenz · Version 9": how the overview names a license. */
export function licenseShortName(license: License): string {
  return portalMessages.licenseShortName(LICENSE_CLASS_LABELS[license.properties.class], license.version);
}

/**
 * The rows of the license box (customer spec §2): version 8 has no DVD count and no holder type;
 * the start code is shown while unbound, the holder once bound.
 */
export function licenseFacts(license: License): LicenseFact[] {
  const { properties, holder } = license;
  const isVersion9 = license.version === '9';
  const facts: (LicenseFact | false)[] = [
    { label: fieldLabel('properties.type'), value: LICENSE_TYPE_LABELS[properties.type] },
    { label: fieldLabel('properties.class'), value: LICENSE_CLASS_LABELS[properties.class] },
    { label: fieldLabel('properties.delivery'), value: DELIVERY_LABELS[properties.delivery] },
    { label: fieldLabel('properties.size'), value: formatSeats(properties.size) },
    isVersion9 && { label: fieldLabel('properties.dvdCount'), value: String(effectiveDvdCount(license)) },
    { label: fieldLabel('key'), value: formatLicenseKey(license.key) },
    license.status === 'unbound' && {
      label: fieldLabel('startCode'),
      value: formatStartCode(license.startCode),
    },
    isVersion9 && {
      label: fieldLabel('holder.holderType'),
      value: holder.holderType ? HOLDER_TYPE_LABELS[holder.holderType] : portalMessages.holderTypeNotSet,
    },
  ];
  if (license.status === 'bound') {
    facts.push(
      { label: fieldLabel('holder.name'), value: holder.name ?? '' },
      { label: fieldLabel('holder.email'), value: holder.email ?? '' },
      Boolean(holder.contact) && { label: fieldLabel('holder.contact'), value: holder.contact ?? '' },
    );
  }
  return facts.filter((fact): fact is LicenseFact => fact !== false);
}
