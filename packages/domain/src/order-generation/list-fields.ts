import { DELIVERY_PROGRESSES, PROGRESS_LABELS } from '../delivery/delivery.ts';
import { BOOLEAN_OPTIONS, listOptions, type ListField } from '../list-query/fields.ts';
import { fieldLabel } from '../messages/validation.ts';
import { defineList } from '../list-query/list-definition.ts';
import type { OrderGeneration } from './order-generation.ts';
import { PURCHASE_TYPE_LABELS, PURCHASE_TYPES } from '../upgrade-session/enums.ts';

/** The fields of the order-generation list („Alle Shop-Generierungen”). */
export const ORDER_GENERATION_LIST_FIELDS = [
  { name: 'order', label: 'Bestellnummer', type: 'text', sortable: true },
  {
    name: 'progress',
    label: 'Fortschritt',
    type: 'enum',
    options: listOptions(DELIVERY_PROGRESSES, PROGRESS_LABELS),
    sortable: true,
  },
  {
    name: 'purchaseType',
    label: 'Art',
    type: 'enum',
    options: listOptions(PURCHASE_TYPES, PURCHASE_TYPE_LABELS),
    sortable: true,
  },
  { name: 'createdAt', label: 'Erzeugt', type: 'date', sortable: true },
  { name: 'updatedAt', label: 'Zuletzt geändert', type: 'date', sortable: true },
  { name: 'products.name', label: 'Produktname', type: 'textList' },
  { name: 'products.sku', label: 'Produkt-SKU', type: 'textList' },
  { name: 'products.productId', label: 'Produkt-ID im Shop', type: 'textList' },
  { name: 'deliver', label: 'Versand', type: 'boolean', options: BOOLEAN_OPTIONS, sortable: true },
  { name: 'note', label: fieldLabel('note'), type: 'text' },
  { name: 'error', label: 'Fehler', type: 'text' },
  { name: 'licenses', label: fieldLabel('licenses'), type: 'idList' },
  { name: 'upgradeSession', label: 'Upgrade-Session', type: 'id' },
  { name: 'shopOrderId', label: 'Bestell-ID im Shop', type: 'number', sortable: true },
  { name: '_id', label: 'ID', type: 'id' },
] as const satisfies readonly ListField[];

export type OrderGenerationListFieldName = (typeof ORDER_GENERATION_LIST_FIELDS)[number]['name'];

/** The order generations: `GET /api/v1/order-generation`, its rows under `orderGenerations`. */
export const ORDER_GENERATION_LIST = defineList<OrderGeneration>()({
  path: '/order-generation',
  key: 'orderGenerations',
  fields: ORDER_GENERATION_LIST_FIELDS,
});
