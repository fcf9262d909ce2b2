import type { Cents } from './money.ts';
import type { Cart, CartLineItem } from './cart.ts';
import { PRODUCTS, type Sku } from './products.ts';
import { HOME_COUNTRY } from '../countries/countries.ts';
import { vatRate } from './vat.ts';

/**
 * One cart item as the assistant's cart and the offer PDF show it (decision 067): the shop's own
 * prices — German consumer prices, 19 % German VAT included, exact to the cent — so that every row
 * adds up: list price − discount = unit price, unit price × quantity = sum. The net is derived once
 * per line, as the shop does (DESIGN.md §4): sum ÷ 1.19, rounded to cents. A net unit price is
 * never shown: the net is not a whole number of cents per item, and no net unit price multiplies
 * to its line (21,93 € × 41 ≠ 899,24 €).
 */
export interface ShownLineItem {
  sku: Sku;
  title: string;
  quantity: number;
  /** The product's price before the volume discount, German VAT included. */
  listPrice: Cents;
  /** The volume discount per item in cents (0 where none applies). */
  discount: Cents;
  /** What the shop charges for one item: list price − discount. */
  unitPrice: Cents;
  /** unit price × quantity. */
  sum: Cents;
  /** The line's net: sum ÷ (1 + German VAT), rounded to cents; what the totals add up. */
  net: Cents;
}

export function shownLineItem(item: CartLineItem): ShownLineItem {
  const listPrice = PRODUCTS[item.sku].baseGross;
  return {
    sku: item.sku,
    title: item.title,
    quantity: item.quantity,
    listPrice,
    discount: listPrice - item.shopUnitGross,
    unitPrice: item.shopUnitGross,
    sum: item.shopUnitGross * item.quantity,
    net: item.net,
  };
}

/** The VAT the shown prices include (German, in percent): what the cart's note says. */
export const SHOWN_PRICES_VAT_RATE = vatRate(HOME_COUNTRY);

/** The cart's items as shown, group by group. */
export function shownLineItems(cart: Cart): ShownLineItem[][] {
  return cart.groupedLineItems.map((group) => group.lineItems.map(shownLineItem));
}
