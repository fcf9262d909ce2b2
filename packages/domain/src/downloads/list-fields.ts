import { normalizeLicenseKey } from '../formats/license-key.ts';
import { DOWNLOAD_PRODUCTS } from '../license/enums.ts';
import { listOptions, type ListField } from '../list-query/fields.ts';
import { fieldLabel } from '../messages/validation.ts';
import { METASEARCH_PLATFORM_LABELS } from './messages.ts';
import { METASEARCH_PLATFORMS, RELEASE_PRODUCTS } from './catalogue.ts';
import { DOWNLOAD_OBJECT_LABELS, RELEASE_PRODUCT_LABELS } from './download-record.ts';
import { defineList } from '../list-query/list-definition.ts';
import type { DownloadRecord } from './download-record.ts';

/**
 * The fields of the download log (`/backend/download`): the spec's object, version, createdAt and
 * license, and what the log knows besides — the release, its platform, whether it was loaded to
 * the end, and the license's key and holder to find a customer's downloads by.
 */
export const DOWNLOAD_LIST_FIELDS = [
  {
    name: 'object',
    label: 'Objekt',
    type: 'enum',
    options: listOptions(DOWNLOAD_PRODUCTS, DOWNLOAD_OBJECT_LABELS),
    sortable: true,
  },
  {
    name: 'product',
    label: 'Datei',
    type: 'enum',
    options: listOptions(RELEASE_PRODUCTS, RELEASE_PRODUCT_LABELS),
    sortable: true,
  },
  {
    name: 'platform',
    label: 'Plattform',
    type: 'enum',
    options: listOptions(METASEARCH_PLATFORMS, METASEARCH_PLATFORM_LABELS),
    sortable: true,
  },
  { name: 'version', label: fieldLabel('version'), type: 'text', sortable: true },
  { name: 'createdAt', label: 'Erzeugt', type: 'date', sortable: true },
  { name: 'completedAt', label: 'Vollständig geladen am', type: 'date', sortable: true },
  { name: 'license', label: 'Lizenz', type: 'id' },
  { name: 'license.key', label: fieldLabel('key'), type: 'text', normalize: normalizeLicenseKey },
  { name: 'license.holder.name', label: fieldLabel('holder.name'), type: 'text' },
  { name: '_id', label: 'ID', type: 'id' },
] as const satisfies readonly ListField[];

export type DownloadListFieldName = (typeof DOWNLOAD_LIST_FIELDS)[number]['name'];

/** The download log: `GET /api/v1/download`, its rows under `downloads`. */
export const DOWNLOAD_LIST = defineList<DownloadRecord>()({
  path: '/download',
  key: 'downloads',
  fields: DOWNLOAD_LIST_FIELDS,
});
