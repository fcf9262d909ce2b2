import { BOOLEAN_OPTIONS, listOptions, type ListField } from '../list-query/fields.ts';
import {
  PURCHASE_TYPE_LABELS,
  PURCHASE_TYPES,
  UPGRADE_SESSION_STATUS_LABELS,
  UPGRADE_SESSION_STATUSES,
} from './enums.ts';

/** The fields of the upgrade-session list („Alle Upgrade-Sessions”). */
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
  { name: 'offerValidUntil', label: 'Angebot gültig bis', type: 'date', sortable: true },
  { name: 'fromVersion', label: 'Von Version', type: 'text' },
  { name: 'toVersion', label: 'Nach Version', type: 'text' },
  { name: 'billing.name', label: 'Rechnungsempfänger', type: 'text' },
  { name: 'billing.email', label: 'E-Mail', type: 'text' },
  { name: 'billing.countryCode', label: 'Land', type: 'text' },
  { name: 'billing.reference', label: 'Referenz', type: 'text' },
  {
    name: 'shipToDifferentAddress',
    label: 'Abweichende Lieferadresse',
    type: 'boolean',
    options: BOOLEAN_OPTIONS,
  },
  { name: 'holder.name', label: 'Lizenznehmer', type: 'text' },
  { name: 'properties.class', label: 'Klasse', type: 'text' },
  { name: 'properties.size', label: 'Größe', type: 'number' },
  { name: 'originalLicenses', label: 'Ursprüngliche Lizenzen', type: 'idList' },
  { name: 'productLicense', label: 'Erzeugte Lizenz', type: 'id' },
  { name: 'billing.note', label: 'Anmerkung', type: 'text' },
  { name: '_id', label: 'ID', type: 'id' },
] as const satisfies readonly ListField[];

export type UpgradeSessionListFieldName = (typeof UPGRADE_SESSION_LIST_FIELDS)[number]['name'];
