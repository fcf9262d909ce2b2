import fs from 'node:fs';
import path from 'node:path';
import type { WooCommerceOrder } from '@lizenzportal/domain';

/** A real paid WooCommerce order (REST shape): 10 pro seats and one DVD to Germany. */
export const PAID_ORDER_FILE = path.join(import.meta.dirname, 'fixtures/woocommerce-order-paid.json');

export function paidOrder(): WooCommerceOrder {
  return JSON.parse(fs.readFileSync(PAID_ORDER_FILE, 'utf8')) as WooCommerceOrder;
}

/** The paid order with another number (and id), changed as given. */
export function orderNumbered(number: number, changes: Partial<WooCommerceOrder> = {}): WooCommerceOrder {
  return { ...paidOrder(), id: number, number: String(number), ...changes };
}
