import {
  amountDiffers,
  boughtPricedLines,
  isDiscounted,
  paidForPortalLines,
  portalPriceOf,
  priceLines,
  type PortalLine,
  type PricedOrder,
  type PurchaseType,
  type ShopOrder,
  type SignedCart,
  vatRate,
} from '@lizenzportal/domain';
import type { NewOrderGenerationRow } from '../../db/schema.ts';
import { pricedSession } from '../upgrade-sessions/index.ts';
import type { UpgradeSessionRow } from '../../db/schema.ts';

type PaymentColumns = Pick<
  NewOrderGenerationRow,
  | 'paid_currency'
  | 'order_gross'
  | 'order_tax'
  | 'discount'
  | 'coupons'
  | 'paid_net'
  | 'paid_tax'
  | 'paid_gross'
  | 'portal_net'
  | 'portal_tax'
  | 'portal_gross'
  | 'amount_differs'
>;

/**
 * What the portal priced for an order: its session's priced lines (`pricedSession`, as the
 * assistant priced them); without a session a new purchase is its lines, priced as the assistant
 * prices that cart in the buyer's country. Null when nothing can say (a session the order names
 * but does not prove, an update whose class was never chosen).
 */
function pricedFor(
  order: ShopOrder,
  lines: readonly PortalLine[],
  session: UpgradeSessionRow | undefined,
  purchaseType: PurchaseType | null,
  cart: SignedCart | null,
): PricedOrder | null {
  if (session) return pricedSession(session);
  // The cart the portal signed for an order without session: what the assistant showed.
  if (cart && cart.sessionId === null)
    return {
      countryCode: cart.countryCode,
      lines: cart.lines,
      totals: { ...cart.totals, vatRate: vatRate(cart.countryCode) },
    };
  const countryCode = order.billing.countryCode;
  if (order.upgradeSessionId || purchaseType !== 'new' || !countryCode) return null;
  return priceLines(
    lines.map(({ line, sku }) => ({ sku, quantity: line.quantity })),
    countryCode,
  );
}

/**
 * The money of a received order's generation (decision 060): what the order says was paid, the
 * portal's price of the same lines, and whether staff should look („Betrag weicht ab”).
 */
export function paymentColumns(
  order: ShopOrder,
  lines: readonly PortalLine[],
  session: UpgradeSessionRow | undefined,
  purchaseType: PurchaseType | null,
  cart: SignedCart | null = null,
): PaymentColumns {
  const payment = order.payment;
  const priced = pricedFor(order, lines, session, purchaseType, cart);
  const bought = priced && boughtPricedLines(lines, priced.lines, purchaseType === 'reseller');
  const paid = paidForPortalLines(lines);
  const portal = bought && portalPriceOf(bought);
  return {
    paid_currency: payment?.currency ?? null,
    order_gross: payment?.gross ?? null,
    order_tax: payment?.tax ?? null,
    discount: payment?.discount ?? null,
    coupons: JSON.stringify(payment?.coupons ?? []),
    paid_net: paid?.net ?? null,
    paid_tax: paid?.tax ?? null,
    paid_gross: paid?.gross ?? null,
    portal_net: portal?.net ?? null,
    portal_tax: portal?.tax ?? null,
    portal_gross: portal?.gross ?? null,
    amount_differs: amountDiffers({
      currency: payment?.currency ?? null,
      discounted: isDiscounted(payment),
      paid,
      portal,
      lineCount: bought?.length ?? 0,
    }),
  };
}
