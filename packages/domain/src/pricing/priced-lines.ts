import type { Cart, CartTotals } from './cart.ts';
import type { Cents } from './money.ts';
import type { Sku } from './products.ts';
import { priceShopProducts, purchaseCart, type Purchase } from './purchase.ts';

/**
 * One line the portal priced: a product, how many, and what they cost. A reseller order's lines
 * name the assistant's license line they belong to (`licenseUid`, travelling to the order's
 * line-item meta data) and its customer reference; other purchases have one license and null there.
 */
export interface PricedLine {
  sku: Sku;
  quantity: number;
  licenseUid: string | null;
  customerReference: string | null;
  /** The shop's price of one item, German VAT included (`CartLineItem.shopUnitGross`). */
  unitGross: Cents;
  net: Cents;
  vat: Cents;
  gross: Cents;
}

/**
 * What the portal asks for a purchase: its lines (none of quantity 0) and their totals, in the
 * buyer's country. What an order of it must pay for, and the „Preis laut Portal” staff see beside
 * what it paid.
 */
export interface PricedOrder {
  countryCode: string;
  lines: PricedLine[];
  totals: CartTotals;
}

function pricedOrderOf(cart: Cart, countryCode: string, reseller: boolean): PricedOrder {
  return {
    countryCode,
    lines: cart.groupedLineItems.flatMap((group) =>
      group.lineItems.map((item) => ({
        sku: item.sku,
        quantity: item.quantity,
        licenseUid: reseller ? group.uid : null,
        customerReference: reseller ? group.customerReference : null,
        unitGross: item.shopUnitGross,
        net: item.net,
        vat: item.vat,
        gross: item.gross,
      })),
    ),
    totals: cart.totals,
  };
}

/** A purchase priced exactly as the assistant prices it (`purchaseCart`), as lines. */
export function pricePurchase(purchase: Purchase, countryCode: string): PricedOrder {
  return pricedOrderOf(
    purchaseCart(purchase, countryCode),
    countryCode,
    purchase.purchaseType === 'reseller',
  );
}

/**
 * Lines priced as a cart of these products (a new purchase without session is its lines): one
 * license's cart, the volume factor read at all its pro seats.
 */
export function priceLines(
  lines: readonly { sku: Sku; quantity: number }[],
  countryCode: string,
): PricedOrder {
  const cart = priceShopProducts(
    lines.map(({ sku, quantity }) => ({ sku, quantity })),
    countryCode,
  );
  return pricedOrderOf(cart, countryCode, false);
}

/** The totals of some of an order's priced lines. */
export function pricedTotals(lines: readonly PricedLine[]): Omit<CartTotals, 'vatRate'> {
  const sum = (amount: (line: PricedLine) => Cents) => lines.reduce((total, line) => total + amount(line), 0);
  return { net: sum((line) => line.net), vat: sum((line) => line.vat), gross: sum((line) => line.gross) };
}
