import { sql } from 'kysely';
import { ORDER_GENERATION_LIST } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/**
 * A property of the product lines that have it, as a text array a filter can search: a line
 * without a variation has none, so „ist nicht vorhanden” finds orders without any.
 */
const productProperty = (property: string) =>
  sql`array(select line ->> ${property} from jsonb_array_elements(order_generation.products) as line
    where line ->> ${property} is not null)`;

/** The order-generation list: the domain's declaration and the columns behind its fields. */
export const ORDER_GENERATION_LIST_ENTITY = defineListEntity({
  table: 'order_generation',
  list: ORDER_GENERATION_LIST,
  columns: {
    _id: 'id',
    order: 'order_number',
    shopOrderId: 'shop_order_id',
    progress: 'progress',
    deliver: 'deliver',
    upgradeSession: 'upgrade_session',
    purchaseType: 'purchase_type',
    licenses: 'licenses',
    note: 'note',
    error: 'error',
    'products.name': productProperty('name'),
    'products.sku': productProperty('sku'),
    'products.productId': productProperty('productId'),
    'products.variationId': productProperty('variationId'),
    'products.quantity': productProperty('quantity'),
    'products.id': productProperty('id'),
    amountDiffers: 'amount_differs',
    paidTwiceFor: 'paid_twice_for',
    withdrawal: 'withdrawal',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
});
