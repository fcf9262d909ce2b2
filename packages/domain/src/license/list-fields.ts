import { normalizeLicenseKey } from '../formats/license-key.ts';
import { normalizeStartCode } from '../formats/start-code.ts';
import { listOptions, type ListField } from '../list-query/fields.ts';
import { DOCUMENT_TYPE_LABELS } from '../delivery/delivery.ts';
import { fieldLabel, LICENSE_FIELD_LABELS } from '../messages/validation.ts';
import {
  DELIVERIES,
  DELIVERY_LABELS,
  ENTRY_TYPE_NAMES,
  ENTRY_TYPES,
  HOLDER_TYPE_LABELS,
  HOLDER_TYPES,
  LICENSE_CLASS_LABELS,
  LICENSE_CLASSES,
  LICENSE_STATUS_LABELS,
  LICENSE_STATUSES,
  LICENSE_TYPE_LABELS,
  LICENSE_TYPES,
  LICENSE_VERSIONS,
  SPECIAL_PERMISSION_LABELS,
  SPECIAL_PERMISSIONS,
} from './enums.ts';
import { defineList } from '../list-query/list-definition.ts';
import type { License } from './schema.ts';

const VERSION_LABELS = { '7': 'Version 7', '8': 'Version 8', '9': 'Version 9' } as const;

/** The license versions and classes as list filters offer them, by their German names. */
export const LICENSE_VERSION_OPTIONS = listOptions(LICENSE_VERSIONS, VERSION_LABELS);
export const LICENSE_CLASS_OPTIONS = listOptions(LICENSE_CLASSES, LICENSE_CLASS_LABELS);

/** The fields of the license list („Alle Lizenzen”): what it filters and sorts by. */
export const LICENSE_LIST_FIELDS = [
  { name: 'key', label: fieldLabel('key'), type: 'text', sortable: true, normalize: normalizeLicenseKey },
  { name: 'holder.name', label: fieldLabel('holder.name'), type: 'text', sortable: true },
  { name: 'holder.email', label: fieldLabel('holder.email'), type: 'text', sortable: true },
  {
    name: 'status',
    label: fieldLabel('status'),
    type: 'enum',
    options: listOptions(LICENSE_STATUSES, LICENSE_STATUS_LABELS),
    sortable: true,
  },
  {
    name: 'version',
    label: fieldLabel('version'),
    type: 'enum',
    options: LICENSE_VERSION_OPTIONS,
    sortable: true,
  },
  {
    name: 'properties.class',
    label: fieldLabel('properties.class'),
    type: 'enum',
    options: LICENSE_CLASS_OPTIONS,
    sortable: true,
  },
  {
    name: 'properties.type',
    label: fieldLabel('properties.type'),
    type: 'enum',
    options: listOptions(LICENSE_TYPES, LICENSE_TYPE_LABELS),
  },
  { name: 'properties.size', label: fieldLabel('properties.size'), type: 'number', sortable: true },
  {
    name: 'properties.delivery',
    label: fieldLabel('properties.delivery'),
    type: 'enum',
    options: listOptions(DELIVERIES, DELIVERY_LABELS),
  },
  { name: 'properties.dvdCount', label: fieldLabel('properties.dvdCount'), type: 'number', sortable: true },
  { name: 'createdAt', label: 'Erzeugt', type: 'date', sortable: true },
  { name: 'updatedAt', label: 'Zuletzt geändert', type: 'date', sortable: true },
  { name: 'boundAt', label: 'Gebunden am', type: 'date', sortable: true },
  { name: 'notes', label: fieldLabel('notes'), type: 'text' },
  {
    name: 'typeOfEntry',
    label: fieldLabel('typeOfEntry'),
    type: 'enum',
    options: listOptions(ENTRY_TYPES, ENTRY_TYPE_NAMES),
    sortable: true,
  },
  { name: 'entryReference', label: fieldLabel('entryReference'), type: 'text', sortable: true },
  {
    name: 'holder.holderType',
    label: fieldLabel('holder.holderType'),
    type: 'enum',
    options: listOptions(HOLDER_TYPES, HOLDER_TYPE_LABELS),
  },
  { name: 'holder.contact', label: fieldLabel('holder.contact'), type: 'text' },
  { name: 'startCode', label: fieldLabel('startCode'), type: 'text', normalize: normalizeStartCode },
  { name: 'authenticationCode', label: LICENSE_FIELD_LABELS.authenticationCode, type: 'text' },
  {
    name: 'specialPermissions',
    label: fieldLabel('specialPermissions'),
    type: 'enumList',
    options: listOptions(SPECIAL_PERMISSIONS, SPECIAL_PERMISSION_LABELS),
  },
  { name: 'downloads.software', label: fieldLabel('downloads.software'), type: 'number', sortable: true },
  { name: 'downloads.metasearch', label: fieldLabel('downloads.metasearch'), type: 'number', sortable: true },
  { name: 'productSKU', label: fieldLabel('productSKU'), type: 'text', sortable: true },
  { name: 'extensionSKU', label: fieldLabel('extensionSKU'), type: 'text', sortable: true },
  { name: 'starterDocument', label: DOCUMENT_TYPE_LABELS.starter, type: 'text' },
  { name: 'licenseDocument', label: DOCUMENT_TYPE_LABELS.license, type: 'text' },
  { name: 'updatedToLicense', label: fieldLabel('updatedToLicense'), type: 'id' },
  { name: '_id', label: 'ID', type: 'id' },
] as const satisfies readonly ListField[];

export type LicenseListFieldName = (typeof LICENSE_LIST_FIELDS)[number]['name'];

/** „Alle Lizenzen”: `GET /api/v1/license`, its rows under `licenses`. */
export const LICENSE_LIST = defineList<License>()({
  path: '/license',
  key: 'licenses',
  fields: LICENSE_LIST_FIELDS,
});
