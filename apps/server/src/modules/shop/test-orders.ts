import fs from 'node:fs';
import path from 'node:path';
import type { WooCommerceOrder } from '@lizenzportal/domain';
import { DEFAULT_SHOP_PRODUCT_IDS } from '../../config.ts';
import { simulatedWooCommerceOrder, type SimulatedCart } from './simulated-order.ts';

/** A real paid WooCommerce order (REST shape): 10 pro seats and one DVD to Germany. */
export const PAID_ORDER_FILE = path.join(import.meta.dirname, 'fixtures/woocommerce-order-paid.json');

export function paidOrder(): WooCommerceOrder {
  return JSON.parse(fs.readFileSync(PAID_ORDER_FILE, 'utf8')) as WooCommerceOrder;
}

/** The paid order with another number (and id), changed as given. */
export function orderNumbered(number: number, changes: Partial<WooCommerceOrder> = {}): WooCommerceOrder {
  return { ...paidOrder(), id: number, number: String(number), ...changes };
}

/** An order line of something the portal does not sell, as WooCommerce sends it: a printed book (7 % VAT). */
function bookLine(id = 3190): NonNullable<WooCommerceOrder['line_items']>[number] {
  return {
    id,
    name: 'Handbuch (gedruckt)',
    parent_name: null,
    product_id: 912,
    variation_id: 0,
    quantity: 1,
    tax_class: 'reduced-rate',
    subtotal: '37.38',
    subtotal_tax: '2.62',
    total: '37.38',
    total_tax: '2.62',
    taxes: [{ id: 2, total: '2.62', subtotal: '2.62' }],
    meta_data: [],
    sku: 'BUCH-HB-2026',
    price: 37.383,
    image: { id: '', src: '' },
  };
}

/** The paid fixture order with another number and a printed book beside the license and the DVD. */
export function orderWithBook(number: number): WooCommerceOrder {
  const order = orderNumbered(number);
  return { ...order, line_items: [...order.line_items!, bookLine()] };
}

/** A paid order of a printed book alone. */
export function bookOnlyOrder(number: number): WooCommerceOrder {
  return orderNumbered(number, { line_items: [bookLine()], total: '40.00', total_tax: '2.62' });
}

/**
 * JSON as WooCommerce's `wp_json_encode` writes it (PHP's `json_encode` without flags): slashes
 * and every character outside ASCII escaped.
 */
export function wooCommerceJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('/', '\\/')
    .replace(
      /[\u0080-\uffff]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

/**
 * A paid order in WooCommerce's REST shape of the products of `cart` at the shop's price of that
 * cart (as a shop whose buyer changed a quantity would charge), with the assistant's hand-off in
 * its meta data; by default a new purchase of a school in Germany without session.
 */
export function pricedOrder(
  number: number,
  cart: Pick<SimulatedCart, 'products'> & Partial<SimulatedCart>,
): WooCommerceOrder {
  return simulatedWooCommerceOrder(
    {
      sessionId: null,
      sessionToken: null,
      offerToken: null,
      billing: {
        name: 'Förderzentrum am See',
        email: 'verwaltung@foerderzentrum.example',
        countryCode: 'DE',
      },
      purchaseType: 'new',
      ...cart,
    },
    { id: number, productIds: DEFAULT_SHOP_PRODUCT_IDS, paidAt: new Date() },
  );
}
