import { BOOLEAN_OPTIONS, listOptions, type ListField } from '../list-query/fields.ts';
import { COUNTRY_CODES, countryName } from '../countries/countries.ts';
import { LICENSE_CLASS_OPTIONS, LICENSE_VERSION_OPTIONS } from '../license/list-fields.ts';
import {
  PURCHASE_TYPE_LABELS,
  PURCHASE_TYPES,
  UPGRADE_SESSION_STATUS_LABELS,
  UPGRADE_SESSION_STATUSES,
} from './enums.ts';
import { defineList } from '../list-query/list-definition.ts';
import type { UpgradeSessionDetail } from './detail.ts';

/** Every country a buyer may name, by its German name. */
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) }));

/**
 * The fields of the upgrade-session list („Alle Upgrade-Sessions”). Stored codes (class, version,
 * country) are enumerated fields, so the admin picks them by their German names.
 */
export const UPGRADE_SESSION_LIST_FIELDS = [
  {
    name: 'purchaseType',
    label: 'Art',
    type: 'enum',
    options: listOptions(PURCHASE_TYPES, PURCHASE_TYPE_LABELS),
    sortable: true,
  },
  {
    name: 'status',
    label: 'Status',
    type: 'enum',
    options: listOptions(UPGRADE_SESSION_STATUSES, UPGRADE_SESSION_STATUS_LABELS),
    sortable: true,
  },
  { name: 'orderId', label: 'Bestellung', type: 'text', sortable: true },
  { name: 'offerNumber', label: 'Angebot-Nr.', type: 'text', sortable: true },
  { name: 'createdAt', label: 'Erzeugt am', type: 'date', sortable: true },
  { name: 'updatedAt', label: 'Zuletzt geändert', type: 'date', sortable: true },
  { name: 'offeredAt', label: 'Angebot erstellt am', type: 'date', sortable: true },
  { name: 'offerValidUntil', label: 'Angebot gültig bis', type: 'date', sortable: true },
  { name: 'fromVersion', label: 'Von Version', type: 'enum', options: LICENSE_VERSION_OPTIONS },
  { name: 'toVersion', label: 'Nach Version', type: 'enum', options: LICENSE_VERSION_OPTIONS },
  { name: 'billing.name', label: 'Rechnungsempfänger', type: 'text' },
  { name: 'billing.email', label: 'E-Mail', type: 'text' },
  { name: 'billing.countryCode', label: 'Land', type: 'enum', options: COUNTRY_OPTIONS },
  { name: 'billing.reference', label: 'Referenz', type: 'text' },
  {
    name: 'shipToDifferentAddress',
    label: 'Abweichende Lieferadresse',
    type: 'boolean',
    options: BOOLEAN_OPTIONS,
  },
  { name: 'holder.name', label: 'Lizenznehmer', type: 'text' },
  { name: 'properties.class', label: 'Klasse', type: 'enum', options: LICENSE_CLASS_OPTIONS },
  { name: 'properties.size', label: 'Größe', type: 'number' },
  { name: 'originalLicenses', label: 'Ursprüngliche Lizenzen', type: 'idList' },
  { name: 'productLicense', label: 'Erzeugte Lizenz', type: 'id' },
  { name: 'billing.note', label: 'Anmerkung', type: 'text' },
  { name: '_id', label: 'ID', type: 'id' },
] as const satisfies readonly ListField[];

export type UpgradeSessionListFieldName = (typeof UPGRADE_SESSION_LIST_FIELDS)[number]['name'];

/**
 * „Alle Upgrade-Sessions”: `GET /api/v1/upgrade-session`, its rows under `items` (so DESIGN.md §2
 * writes it; the other lists name their rows by their plural).
 */
export const UPGRADE_SESSION_LIST = defineList<UpgradeSessionDetail>()({
  path: '/upgrade-session',
  key: 'items',
  fields: UPGRADE_SESSION_LIST_FIELDS,
});
