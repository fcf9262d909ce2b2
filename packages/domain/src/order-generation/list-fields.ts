import { PROCESSING_FIELDS } from '../delivery/list-fields.ts';
import { BOOLEAN_OPTIONS, listOptions, type ListField } from '../list-query/fields.ts';
import { defineList } from '../list-query/list-definition.ts';
import {
  orderPaymentMessages,
  WITHDRAWAL_LABELS,
  withdrawalFieldLabel,
} from '../composed-messages/shop-orders.ts';
import { WITHDRAWALS } from '../shop-order/refunds.ts';
import type { OrderGeneration } from './order-generation.ts';
import { PURCHASE_TYPE_LABELS, PURCHASE_TYPES } from '../upgrade-session/enums.ts';

const { progress, createdAt, updatedAt, note, error, licenses, upgradeSession, _id } = PROCESSING_FIELDS;

/** The fields of the order-generation list („Alle Shop-Generierungen”). */
export const ORDER_GENERATION_LIST_FIELDS = [
  { name: 'order', label: 'Bestellnummer', type: 'text', sortable: true },
  progress,
  {
    name: 'purchaseType',
    label: 'Art',
    type: 'enum',
    options: listOptions(PURCHASE_TYPES, PURCHASE_TYPE_LABELS),
    sortable: true,
  },
  createdAt,
  updatedAt,
  { name: 'products.name', label: 'Produktname', type: 'textList' },
  { name: 'products.sku', label: 'Produkt-SKU', type: 'textList' },
  { name: 'products.productId', label: 'Produkt-ID im Shop', type: 'textList' },
  { name: 'products.variationId', label: 'Varianten-ID im Shop', type: 'textList' },
  { name: 'products.quantity', label: 'Bestellte Menge', type: 'textList' },
  { name: 'products.id', label: 'Positions-ID im Shop', type: 'textList' },
  { name: 'deliver', label: 'Versand', type: 'boolean', options: BOOLEAN_OPTIONS, sortable: true },
  note,
  error,
  licenses,
  upgradeSession,
  { name: 'shopOrderId', label: 'Bestell-ID im Shop', type: 'number', sortable: true },
  {
    name: 'amountDiffers',
    label: orderPaymentMessages.amountDiffers,
    type: 'boolean',
    options: BOOLEAN_OPTIONS,
    sortable: true,
  },
  { name: 'paidTwiceFor', label: orderPaymentMessages.paidTwiceFor, type: 'text', sortable: true },
  {
    name: 'withdrawal',
    label: withdrawalFieldLabel,
    type: 'enum',
    options: listOptions(WITHDRAWALS, WITHDRAWAL_LABELS),
    sortable: true,
  },
  _id,
] as const satisfies readonly ListField[];

export type OrderGenerationListFieldName = (typeof ORDER_GENERATION_LIST_FIELDS)[number]['name'];

/** The order generations: `GET /api/v1/order-generation`, its rows under `orderGenerations`. */
export const ORDER_GENERATION_LIST = defineList<OrderGeneration>()({
  path: '/order-generation',
  key: 'orderGenerations',
  fields: ORDER_GENERATION_LIST_FIELDS,
});
