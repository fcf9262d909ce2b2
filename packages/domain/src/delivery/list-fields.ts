import { BOOLEAN_OPTIONS, listOptions, type ListField } from '../list-query/fields.ts';
import { fieldLabel } from '../messages/validation.ts';
import {
  DELIVERY_OCCASION_LABELS,
  DELIVERY_OCCASIONS,
  DELIVERY_PROGRESSES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES,
  PROGRESS_LABELS,
} from './delivery.ts';
import { defineList } from '../list-query/list-definition.ts';
import type { Delivery } from './delivery.ts';

/**
 * The fields a delivery and an order generation (which makes deliveries) have alike: how far its
 * work is, when it was made and last changed, the admin's note, its last failure, the licenses it
 * concerns, the upgrade session behind it and its id.
 */
export const PROCESSING_FIELDS = {
  progress: {
    name: 'progress',
    label: 'Fortschritt',
    type: 'enum',
    options: listOptions(DELIVERY_PROGRESSES, PROGRESS_LABELS),
    sortable: true,
  },
  createdAt: { name: 'createdAt', label: 'Erzeugt', type: 'date', sortable: true },
  updatedAt: { name: 'updatedAt', label: 'Zuletzt geändert', type: 'date', sortable: true },
  note: { name: 'note', label: fieldLabel('note'), type: 'text' },
  error: { name: 'error', label: 'Fehler', type: 'text' },
  licenses: { name: 'licenses', label: fieldLabel('licenses'), type: 'idList' },
  upgradeSession: { name: 'upgradeSession', label: 'Upgrade-Session', type: 'id' },
  _id: { name: '_id', label: 'ID', type: 'id' },
} as const satisfies Record<string, ListField>;
const { progress, createdAt, updatedAt, note, error, licenses, upgradeSession, _id } = PROCESSING_FIELDS;

/** The fields of the delivery list („Alle Versand-Aktionen”). */
export const DELIVERY_LIST_FIELDS = [
  { name: 'recipient', label: fieldLabel('recipient'), type: 'text', sortable: true },
  { name: 'recipientName', label: fieldLabel('recipientName'), type: 'text', sortable: true },
  { name: 'subject', label: 'Betreff', type: 'text', sortable: true },
  { name: 'content', label: 'Inhalt', type: 'text' },
  progress,
  {
    name: 'documentType',
    label: fieldLabel('documentType'),
    type: 'enum',
    options: listOptions(DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS),
    sortable: true,
  },
  {
    name: 'occasion',
    label: 'Anlass',
    type: 'enum',
    options: listOptions(DELIVERY_OCCASIONS, DELIVERY_OCCASION_LABELS),
    sortable: true,
  },
  createdAt,
  { name: 'sentAt', label: 'Gesendet am', type: 'date', sortable: true },
  updatedAt,
  note,
  error,
  { name: 'attempts', label: 'Versuche', type: 'number', sortable: true },
  licenses,
  { name: 'orderGeneration', label: 'Shop-Generierung', type: 'id' },
  /** The session whose offer the delivery sends, or whose order generation made it. */
  upgradeSession,
  { name: 'documents', label: 'Dokumente', type: 'textList' },
  { name: 'resentFrom', label: 'Erneut gesendet von', type: 'id' },
  /** Whether a later delivery resent this one („Erneut senden”): a failure that was dealt with. */
  { name: 'resent', label: 'Erneut gesendet', type: 'boolean', options: BOOLEAN_OPTIONS },
  _id,
] as const satisfies readonly ListField[];

export type DeliveryListFieldName = (typeof DELIVERY_LIST_FIELDS)[number]['name'];

/** The e-mail deliveries: `GET /api/v1/delivery`, its rows under `deliveries`. */
export const DELIVERY_LIST = defineList<Delivery>()({
  path: '/delivery',
  key: 'deliveries',
  fields: DELIVERY_LIST_FIELDS,
});
