import { orderProductSchema, type OrderGeneration } from '@lizenzportal/domain';
import { z } from 'zod';
import type { OrderGenerationRow } from '../../db/schema.ts';

const productsSchema = z.array(orderProductSchema);

export function toOrderGeneration(row: OrderGenerationRow): OrderGeneration {
  return {
    _id: row.id,
    order: row.order_number,
    shopOrderId: row.shop_order_id === null ? null : Number(row.shop_order_id),
    progress: row.progress,
    deliver: row.deliver,
    upgradeSession: row.upgrade_session,
    licenses: row.licenses,
    note: row.note,
    error: row.error,
    products: productsSchema.parse(row.products),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
