import type { License, LicenseUpdate, SpecialPermission } from '@lizenzportal/domain';
import type { LicenseRow, LicenseRowUpdate } from '../../db/schema.ts';

/** What a license user may see of its row: all but the back office's notes and the origin. */
export type CustomerLicenseRow = Omit<LicenseRow, 'notes' | 'entry_reference'>;

/** Every column of a `CustomerLicenseRow` (the compiler checks that none is missing or extra). */
const CUSTOMER_COLUMNS: Record<keyof CustomerLicenseRow, true> = {
  id: true,
  key: true,
  version: true,
  start_code: true,
  authentication_code: true,
  status: true,
  type_of_entry: true,
  holder_type: true,
  holder_name: true,
  holder_email: true,
  holder_contact: true,
  bound_at: true,
  class: true,
  type: true,
  size: true,
  delivery: true,
  dvd_count: true,
  special_permissions: true,
  software_downloads: true,
  metasearch_downloads: true,
  starter_document: true,
  license_document: true,
  updated_to_license: true,
  product_sku: true,
  extension_sku: true,
  created_at: true,
  updated_at: true,
  revision: true,
  withdrawn_order: true,
};

/** The columns of a `CustomerLicenseRow`, for queries that read no more. */
export const CUSTOMER_LICENSE_COLUMNS = Object.keys(CUSTOMER_COLUMNS) as (keyof CustomerLicenseRow)[];

/** A license row as the API shows it (customer and back-office specs' field names). */
export function toLicense(row: LicenseRow): License {
  return {
    _id: row.id,
    version: row.version,
    key: row.key,
    startCode: row.start_code,
    authenticationCode: row.authentication_code,
    status: row.status,
    typeOfEntry: row.type_of_entry,
    entryReference: row.entry_reference,
    holder: {
      holderType: row.holder_type,
      name: row.holder_name,
      email: row.holder_email,
      contact: row.holder_contact,
    },
    boundAt: row.bound_at?.toISOString() ?? null,
    notes: row.notes,
    properties: {
      class: row.class,
      type: row.type,
      size: row.size,
      delivery: row.delivery,
      dvdCount: row.dvd_count,
    },
    specialPermissions: row.special_permissions as SpecialPermission[],
    downloads: { software: row.software_downloads, metasearch: row.metasearch_downloads },
    starterDocument: row.starter_document,
    licenseDocument: row.license_document,
    updatedToLicense: row.updated_to_license,
    productSKU: row.product_sku,
    extensionSKU: row.extension_sku,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    revision: row.revision,
  };
}

/** The columns an edit in the back office writes; system-set fields are left alone. */
export function toRowUpdate(license: LicenseUpdate): LicenseRowUpdate {
  return {
    version: license.version,
    status: license.status,
    authentication_code: license.authenticationCode,
    type_of_entry: license.typeOfEntry,
    entry_reference: license.entryReference,
    holder_type: license.holder.holderType,
    holder_name: license.holder.name,
    holder_email: license.holder.email,
    holder_contact: license.holder.contact,
    notes: license.notes,
    class: license.properties.class,
    type: license.properties.type,
    size: license.properties.size,
    delivery: license.properties.delivery,
    dvd_count: license.properties.dvdCount,
    special_permissions: license.specialPermissions,
    software_downloads: license.downloads.software,
    metasearch_downloads: license.downloads.metasearch,
    updated_to_license: license.updatedToLicense,
    product_sku: license.productSKU,
    extension_sku: license.extensionSKU,
  };
}

/** What the audit trail leaves out of a license's changes: its identity and bookkeeping. */
export const UNRECORDED_FIELDS = ['_id', 'createdAt', 'updatedAt', 'revision'];

/**
 * What a license user sees of its own license: everything but the back office's notes and the
 * origin (for licenses entered by hand, the admin's user name).
 */
export function customerView(row: CustomerLicenseRow): License {
  return toLicense({ ...row, notes: null, entry_reference: null });
}
