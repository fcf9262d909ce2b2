import { SKUS, type ShopProductIds, type Sku } from '../pricing/products.ts';
import type { ShopOrderLine } from './woocommerce-order.ts';

/** An order line of the portal, with the product it is. */
export interface PortalLine {
  line: ShopOrderLine;
  sku: Sku;
}

/**
 * The portal's product of an order line: its own SKU when that is one of the portal's, else the
 * product whose configured shop id (`SHOP_PRODUCT_IDS`) is the line's variation or product id.
 * `null`: the line is not the portal's (a printed book, symbol cards, …) and is left to the shop.
 */
export function portalSku(line: ShopOrderLine, productIds: ShopProductIds): Sku | null {
  if (line.sku && (SKUS as readonly string[]).includes(line.sku)) return line.sku as Sku;
  for (const sku of SKUS) {
    const id = productIds[sku];
    if (id === line.variationId || id === line.productId) return sku;
  }
  return null;
}

/**
 * The order's lines (those with a quantity) split into the portal's, which it generates, and the
 * others, which the shop fulfils alone (DESIGN §6).
 */
export function splitOrderLines(
  lines: readonly ShopOrderLine[],
  productIds: ShopProductIds,
): { portal: PortalLine[]; others: ShopOrderLine[] } {
  const portal: PortalLine[] = [];
  const others: ShopOrderLine[] = [];
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const sku = portalSku(line, productIds);
    if (sku) portal.push({ line, sku });
    else others.push(line);
  }
  return { portal, others };
}
