import type { PricedLine } from '../pricing/priced-lines.ts';
import type { Sku } from '../pricing/products.ts';
import type { PortalLine } from './portal-lines.ts';

/** How many of a product: one side of a comparison. */
export interface CountedProduct {
  sku: Sku;
  quantity: number;
}

/**
 * Where an order's paid lines and the priced ones part: the products each side counts (of the whole
 * order, or of the reseller line with that customer reference).
 */
export interface LinesDifference {
  customerReference: string | null;
  paid: CountedProduct[];
  priced: CountedProduct[];
}

/** The outcome of comparing: equal (null), a difference, or a reseller line nothing priced. */
export type PaidLinesComparison = null | { difference: LinesDifference } | { unknownResellerLine: string };

/** The order the assistant's cart lists products in: updated seats, new seats, DVDs. */
const LISTING_ORDER: readonly Sku[] = ['M9-PROU', 'M9-PERU', 'M9-PRO', 'M9-PER', 'M9-DVD'];

/** Quantities per product, in the cart's order. */
function counted(lines: readonly { sku: Sku; quantity: number }[]): CountedProduct[] {
  const bySku = new Map<Sku, number>();
  for (const { sku, quantity } of lines) bySku.set(sku, (bySku.get(sku) ?? 0) + quantity);
  return LISTING_ORDER.filter((sku) => (bySku.get(sku) ?? 0) > 0).map((sku) => ({
    sku,
    quantity: bySku.get(sku)!,
  }));
}

function sameProducts(a: CountedProduct[], b: CountedProduct[]): boolean {
  return (
    a.length === b.length &&
    a.every((product, index) => product.sku === b[index]!.sku && product.quantity === b[index]!.quantity)
  );
}

/**
 * Compares what an order paid with what was priced for it, per product (DESIGN §5: what is
 * delivered is what was paid). One license's order (new, update, extension) must pay exactly its
 * priced lines. A reseller order buys whole reseller lines: each line it names (by the
 * `license_uid` of its items) must pay exactly that line's products; a line it does not name is not
 * bought (each is priced on its own, so leaving one out changes no other's price).
 */
export function comparePaidLines(
  paid: readonly PortalLine[],
  priced: readonly PricedLine[],
  reseller: boolean,
): PaidLinesComparison {
  if (!reseller) {
    const paidProducts = counted(paid.map(({ line, sku }) => ({ sku, quantity: line.quantity })));
    const pricedProducts = counted(priced);
    return sameProducts(paidProducts, pricedProducts)
      ? null
      : { difference: { customerReference: null, paid: paidProducts, priced: pricedProducts } };
  }
  const paidByUid = new Map<string, CountedProduct[]>();
  for (const { line, sku } of paid) {
    const uid = line.licenseUid;
    if (!uid || !priced.some((pricedLine) => pricedLine.licenseUid === uid)) {
      return { unknownResellerLine: uid ?? line.name };
    }
    paidByUid.set(uid, [...(paidByUid.get(uid) ?? []), { sku, quantity: line.quantity }]);
  }
  for (const [uid, products] of paidByUid) {
    const ofLine = priced.filter((line) => line.licenseUid === uid);
    const paidProducts = counted(products);
    const pricedProducts = counted(ofLine);
    if (!sameProducts(paidProducts, pricedProducts)) {
      return {
        difference: {
          customerReference: ofLine[0]!.customerReference,
          paid: paidProducts,
          priced: pricedProducts,
        },
      };
    }
  }
  return null;
}

/** The priced lines an order bought: all of one license's order, the named lines of a reseller order. */
export function boughtPricedLines(
  paid: readonly PortalLine[],
  priced: readonly PricedLine[],
  reseller: boolean,
): PricedLine[] {
  if (!reseller) return [...priced];
  const uids = new Set(paid.map(({ line }) => line.licenseUid));
  return priced.filter((line) => uids.has(line.licenseUid));
}
