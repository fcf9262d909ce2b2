import { LICENSE_LIST } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/** The license list: the domain's declaration and the columns behind its fields. */
export const LICENSE_LIST_ENTITY = defineListEntity({
  table: 'license',
  list: LICENSE_LIST,
  columns: {
    _id: 'id',
    key: 'key',
    version: 'version',
    status: 'status',
    startCode: 'start_code',
    authenticationCode: 'authentication_code',
    typeOfEntry: 'type_of_entry',
    entryReference: 'entry_reference',
    'holder.holderType': 'holder_type',
    'holder.name': 'holder_name',
    'holder.email': 'holder_email',
    'holder.contact': 'holder_contact',
    boundAt: 'bound_at',
    notes: 'notes',
    'properties.class': 'class',
    'properties.type': 'type',
    'properties.size': 'size',
    'properties.delivery': 'delivery',
    'properties.dvdCount': 'dvd_count',
    specialPermissions: 'special_permissions',
    'downloads.software': 'software_downloads',
    'downloads.metasearch': 'metasearch_downloads',
    starterDocument: 'starter_document',
    licenseDocument: 'license_document',
    updatedToLicense: 'updated_to_license',
    productSKU: 'product_sku',
    extensionSKU: 'extension_sku',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
});
