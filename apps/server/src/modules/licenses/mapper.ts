import type { License, LicenseUpdate, SpecialPermission } from '@lizenzportal/domain';
import type { LicenseRow, LicenseRowUpdate } from '../../db/schema.ts';

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
