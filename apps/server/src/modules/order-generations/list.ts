import { sql } from 'kysely';
import { ORDER_GENERATION_LIST_FIELDS } from '@lizenzportal/domain';
import { defineListEntity } from '../../lists/list-entity.ts';

/** A property of every product line, as a text array a filter can search. */
const productProperty = (property: string) =>
  sql`array(select line ->> ${property} from jsonb_array_elements(order_generation.products) as line)`;

/** The order-generation list: the domain's fields and the columns behind them. */
export const ORDER_GENERATION_LIST = defineListEntity({
  table: 'order_generation',
  fields: ORDER_GENERATION_LIST_FIELDS,
  columns: {
    _id: 'id',
    order: 'order_number',
    shopOrderId: 'shop_order_id',
    progress: 'progress',
    deliver: 'deliver',
    upgradeSession: 'upgrade_session',
    licenses: 'licenses',
    note: 'note',
    error: 'error',
    'products.name': productProperty('name'),
    'products.sku': productProperty('sku'),
    'products.productId': productProperty('productId'),
    createdAt: 'created_at',
    updatedAt: 'updated_at',
  },
});
