import { z } from 'zod';
import type { Cents } from '../pricing/money.ts';
import type { ShopProductIds } from '../pricing/products.ts';
import type { PurchaseType } from '../upgrade-session/enums.ts';
import { portalSku, splitOrderLines } from './portal-lines.ts';
import { centsOf, type ShopOrderLine } from './woocommerce-order.ts';

/** WooCommerce's money: a decimal string („-45.00”); some stores send numbers. */
const amount = z.union([z.string().max(40), z.number()]).nullish();

/**
 * A refund as WooCommerce's `GET /wp-json/wc/v3/orders/{id}/refunds` lists it (the parts the
 * portal reads): which lines it returned, each with a negative `quantity` and `total`, and
 * `_refunded_item_id` naming the order's line. The order's own `refunds` array says none of this.
 */
export const wooCommerceRefundSchema = z.looseObject({
  id: z.int().min(1),
  line_items: z
    .array(
      z.looseObject({
        name: z.string().max(500).default(''),
        product_id: z.int().nullish(),
        variation_id: z.int().nullish(),
        sku: z.string().max(200).nullish(),
        quantity: z.number().int().max(1_000_000).min(-1_000_000),
        total: amount,
        total_tax: amount,
      }),
    )
    .max(500)
    .default([]),
});
export type WooCommerceRefund = z.input<typeof wooCommerceRefundSchema>;

/** One line a refund returned: what it was, how many and the money (positive, gross). */
export const refundLineSchema = z.object({
  name: z.string(),
  /** The shop's SKU of the line, as it sent it. */
  sku: z.string().nullable(),
  /** The portal's product of the line (as its order line would be read); null for the shop's own goods. */
  product: z.string().nullable(),
  quantity: z.int(),
  gross: z.int(),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

/**
 * The lines of a refund as the generation keeps them: quantities and money made positive, the
 * portal's product named as its order line would be (own SKU, else configured shop id). A line
 * with neither quantity nor money (WooCommerce lists every line of the order) is left out.
 */
export function refundLinesOf(
  refund: z.output<typeof wooCommerceRefundSchema>,
  productIds: ShopProductIds,
): RefundLine[] {
  return refund.line_items
    .map((line) => {
      const sku = line.sku?.trim() || null;
      const product = portalSku(
        {
          id: null,
          name: line.name,
          sku,
          productId: line.product_id || null,
          variationId: line.variation_id || null,
          quantity: Math.abs(line.quantity),
          licenseUid: null,
          customerReference: null,
        },
        productIds,
      );
      const gross: Cents = Math.abs((centsOf(line.total) ?? 0) + (centsOf(line.total_tax) ?? 0));
      return { name: line.name, sku, product, quantity: Math.abs(line.quantity), gross };
    })
    .filter((line) => line.quantity > 0 || line.gross > 0);
}

/** A license of an order generation, with the product it was made as. */
export interface LicenseOfOrder {
  id: string;
  productSku: string | null;
}

/**
 * The licenses of an order that correspond to the lines its refunds returned — what the undo
 * dialog preselects for a partial refund (staff may change the pick). An update or extension made
 * or changed one license for its line: a refunded line of the portal's takes all the order
 * touched. Else per product, the licenses the refunded units paid for in full: the order's units
 * of a product are shared evenly by its licenses (a pro line's seats are one license's, each
 * personal unit a license of its own), so 2 of 10 seats of one pro license take none, all 10 it.
 */
export function licensesOfRefundedLines(options: {
  purchaseType: PurchaseType | null;
  /** In the order the generation made them. */
  licenses: readonly LicenseOfOrder[];
  orderLines: readonly ShopOrderLine[];
  productIds: ShopProductIds;
  refundLines: readonly RefundLine[];
}): string[] {
  const { purchaseType, licenses, orderLines, productIds, refundLines } = options;
  const refunded = new Map<string, number>();
  for (const line of refundLines) {
    if (line.product !== null) refunded.set(line.product, (refunded.get(line.product) ?? 0) + line.quantity);
  }
  if (refunded.size === 0) return [];
  if (purchaseType === 'upgrade' || purchaseType === 'extension')
    return licenses.map((license) => license.id);
  const picked: string[] = [];
  for (const [product, units] of refunded) {
    const ofProduct = licenses.filter((license) => license.productSku === product);
    const ordered = splitOrderLines(orderLines, productIds)
      .portal.filter((line) => line.sku === product)
      .reduce((sum, { line }) => sum + line.quantity, 0);
    if (ordered <= 0 || ofProduct.length === 0) continue;
    const count = Math.min(ofProduct.length, Math.floor((units * ofProduct.length) / ordered));
    picked.push(...ofProduct.slice(0, count).map((license) => license.id));
  }
  return licenses.filter((license) => picked.includes(license.id)).map((license) => license.id);
}
