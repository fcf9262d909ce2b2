import type { Cents } from '../pricing/money.ts';
import { pricedTotals, type PricedLine } from '../pricing/priced-lines.ts';
import type { PortalLine } from './portal-lines.ts';
import type { ShopOrderPayment } from './woocommerce-order.ts';

/** The currency the portal prices in. */
export const PORTAL_CURRENCY = 'EUR';

/** An amount as net, tax and gross, in cents. */
export interface Amounts {
  net: Cents;
  tax: Cents;
  gross: Cents;
}

/**
 * What the order paid for its lines of the portal (WooCommerce's line `total` and `total_tax`,
 * after coupons); null when a line names no amount. Other lines (books, shipping) are the shop's.
 */
export function paidForPortalLines(lines: readonly PortalLine[]): Amounts | null {
  let net = 0;
  let tax = 0;
  for (const { line } of lines) {
    if (line.paidNet === null || line.paidNet === undefined) return null;
    net += line.paidNet;
    tax += line.paidTax ?? 0;
  }
  return { net, tax, gross: net + tax };
}

/** The portal's price of priced lines, in the terms of a payment. */
export function portalPriceOf(lines: readonly PricedLine[]): Amounts {
  const { net, vat, gross } = pricedTotals(lines);
  return { net, tax: vat, gross };
}

/** Whether an order's coupons or discounts explain a lower amount. */
export function isDiscounted(payment: ShopOrderPayment | undefined): boolean {
  return (payment?.coupons.length ?? 0) > 0 || (payment?.discount ?? 0) > 0;
}

/**
 * Whether staff should look at what an order paid (decision 060): it is in another currency than
 * the portal's, or — without a coupon or discount to explain it — its lines of the portal were paid
 * more or less than the portal asks for them, beyond a cent of rounding per line, or it names no
 * amount to compare. Never blocks the delivery: shops have coupons and price rules of their own.
 * Null portal price: nothing to compare with (the generation fails on its own reason).
 */
export function amountDiffers(check: {
  currency: string | null;
  discounted: boolean;
  paid: Amounts | null;
  portal: Amounts | null;
  /** How many lines were priced: each may round by a cent. */
  lineCount: number;
}): boolean {
  if (check.currency !== PORTAL_CURRENCY) return true;
  if (check.discounted || check.portal === null) return false;
  if (check.paid === null) return true;
  return Math.abs(check.paid.gross - check.portal.gross) > Math.max(1, check.lineCount);
}
