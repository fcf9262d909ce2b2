import { counted } from '../messages/plurals.ts';

/**
 * The desktop product's versions the portal knows. Version 7 licenses come only from the import of
 * the old system's stock (decision 061): the portal never sells them, publishes no version 7 files
 * and offers them no update.
 */
export const LICENSE_VERSIONS = ['7', '8', '9'] as const;
export type LicenseVersion = (typeof LICENSE_VERSIONS)[number];

/** The versions the back office and the shop create licenses of. */
export const CREATABLE_LICENSE_VERSIONS = ['8', '9'] as const;
/** The versions whose main product and release notes the portal publishes. */
export type ReleasedVersion = (typeof CREATABLE_LICENSE_VERSIONS)[number];

export function isReleasedVersion(version: LicenseVersion): version is ReleasedVersion {
  return version !== '7';
}

export const LICENSE_STATUSES = ['unbound', 'bound', 'disabled'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export const LICENSE_CLASSES = ['single', 'multiple', 'server', 'pro', 'personal'] as const;
export type LicenseClass = (typeof LICENSE_CLASSES)[number];

export const LICENSE_TYPES = ['full', 'update'] as const;
export type LicenseType = (typeof LICENSE_TYPES)[number];

export const DELIVERIES = ['download', 'dvd'] as const;
export type LicenseDelivery = (typeof DELIVERIES)[number];

export const HOLDER_TYPES = ['person', 'organization'] as const;
export type HolderType = (typeof HOLDER_TYPES)[number];

export const ENTRY_TYPES = ['manual', 'order'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

export const SPECIAL_PERMISSIONS = [
  'download',
  'metasearch-server-info',
  'metasearch-multistep-installer',
  'metasearch-oneclick-installer',
] as const;
export type SpecialPermission = (typeof SPECIAL_PERMISSIONS)[number];

/** Products whose downloads are counted per license: the desktop software and the search product. */
export const DOWNLOAD_PRODUCTS = ['software', 'metasearch'] as const;
export type DownloadProduct = (typeof DOWNLOAD_PRODUCTS)[number];

export const LICENSE_STATUS_LABELS: Record<LicenseStatus, string> = {
  unbound: 'Ungebunden',
  bound: 'Gebunden',
  disabled: 'Deaktiviert',
};

export const LICENSE_CLASS_LABELS: Record<LicenseClass, string> = {
  single: 'Einzellizenz',
  multiple: 'Mehrfachlizenz',
  server: 'Serverlizenz',
  personal: 'Persönliche Lizenz',
  pro: 'Pro-Lizenz',
};

export const LICENSE_TYPE_LABELS: Record<LicenseType, string> = {
  full: 'Vollversion',
  update: 'Update',
};

export const DELIVERY_LABELS: Record<LicenseDelivery, string> = {
  download: 'Download',
  dvd: 'DVD',
};

export const HOLDER_TYPE_LABELS: Record<HolderType, string> = {
  person: 'Person',
  organization: 'Organisation',
};

/** „10 Arbeitsplätze”: a license's size as the portal and its documents show it. */
export function formatSeats(size: number): string {
  return counted(size, 'seat');
}

export const ENTRY_TYPE_LABELS: Record<EntryType, string> = {
  manual: 'user',
  order: 'order',
};
/** The spec writes the INFO tags in English: screen readers pronounce them so. */
export const ENTRY_TYPE_LABEL_LANGUAGE = 'en';

/** The special permissions as the back office names them. */
export const SPECIAL_PERMISSION_LABELS: Record<SpecialPermission, string> = {
  download: 'Download',
  'metasearch-server-info': 'metasearch: Server-Informationen',
  'metasearch-multistep-installer': 'metasearch: mehrstufiger Installer',
  'metasearch-oneclick-installer': 'metasearch: One-Click-Installer',
};

/** How a license came in, as the back office's filters and details name it. */
export const ENTRY_TYPE_NAMES: Record<EntryType, string> = {
  manual: 'Manuell angelegt',
  order: 'Shop-Bestellung',
};
