import { z } from 'zod';
import type { Cents } from '../pricing/money.ts';
import type { Amounts } from './paid-amounts.ts';
import { refundLineSchema } from './refund-lines.ts';
import { WITHDRAWN_ORDER_STATUSES, type ShopOrder } from './woocommerce-order.ts';

/**
 * What staff still have to do about an order generation's refunds (decision 066):
 * `open` — the shop gave money back (or cancelled the order) and the licenses it made are active
 * („Erstattet, Lizenzen noch aktiv”); `undone` — the order was undone („Bestellung
 * rückabwickeln”); `nothing-made` — the order was withdrawn before its generation ran, nothing
 * was created. Null: no refund.
 */
export const WITHDRAWALS = ['open', 'undone', 'nothing-made'] as const;
export type Withdrawal = (typeof WITHDRAWALS)[number];

/** A refund as the order generation keeps it: the shop's id and reason, the money, its day. */
export const orderRefundSchema = z.object({
  id: z.int(),
  reason: z.string().nullable(),
  /** Given back, in cents of the order's currency: gross as the shop states it, net in the order's proportion. */
  gross: z.int(),
  net: z.int(),
  /** When the refund was made (or, when the shop does not say, when the order said it first): its day in the figures. */
  at: z.iso.datetime(),
  /**
   * The lines it returned, as the shop's refunds endpoint lists them (fetched after the refund
   * arrived); absent until fetched.
   */
  lines: z.array(refundLineSchema).optional(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

/** What the shop says about an order's money going back, as the generation keeps it. */
export interface RefundState {
  refunds: OrderRefund[];
  /** The shop's status when it withdrew the whole order (`refunded`, `cancelled`, `failed`); null while it stands. */
  withdrawnStatus: string | null;
  withdrawnAt: string | null;
}

export const NO_REFUNDS: RefundState = { refunds: [], withdrawnStatus: null, withdrawnAt: null };

/** Whether the shop's status says the whole order is withdrawn (refunded, cancelled after payment, failed). */
export function isWithdrawnStatus(status: string): boolean {
  return (WITHDRAWN_ORDER_STATUSES as readonly string[]).includes(status);
}

/**
 * The net part of a refunded gross amount: in the proportion of the order's net to its gross (a
 * refund names no tax of its own on the order); the gross itself when the order names no totals.
 */
export function refundNet(gross: Cents, order: Pick<ShopOrder, 'netTotal' | 'payment'>): Cents {
  const orderGross = order.payment?.gross ?? null;
  if (order.netTotal === null || orderGross === null || orderGross <= 0) return gross;
  return Math.round((gross * order.netTotal) / orderGross);
}

/**
 * The refund state after the shop's latest word on an order: its refunds as the order lists them
 * now (one the shop deleted is gone; one known keeps the day it was first seen), and whether the
 * whole order is withdrawn. A refund first seen is dated by the order's last change (saving a
 * refund changes the order), else `now`.
 */
export function refundStateOf(order: ShopOrder, known: RefundState, now: Date): RefundState {
  const seenAt = order.modifiedAt ?? now.toISOString();
  const refunds = (order.refunds ?? []).map(
    (refund) =>
      known.refunds.find((kept) => kept.id === refund.id) ?? {
        id: refund.id,
        reason: refund.reason,
        gross: refund.gross,
        net: refundNet(refund.gross, order),
        at: seenAt,
      },
  );
  refunds.sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);
  const withdrawn = isWithdrawnStatus(order.status);
  return {
    refunds,
    withdrawnStatus: withdrawn ? order.status : null,
    withdrawnAt: withdrawn ? (known.withdrawnStatus ? known.withdrawnAt : seenAt) : null,
  };
}

/** Whether two refund states say the same (a delivery that came again changes nothing). */
export function sameRefundState(a: RefundState, b: RefundState): boolean {
  return (
    a.withdrawnStatus === b.withdrawnStatus &&
    a.withdrawnAt === b.withdrawnAt &&
    a.refunds.length === b.refunds.length &&
    a.refunds.every((refund, index) => refund.id === b.refunds[index]!.id)
  );
}

/** Whether the state gives staff something new to decide: a refund not known before, or the withdrawal itself. */
export function refundNews(before: RefundState, after: RefundState): boolean {
  if (after.withdrawnStatus !== null && before.withdrawnStatus === null) return true;
  return after.refunds.some((refund) => !before.refunds.some((kept) => kept.id === refund.id));
}

/** The refunds' sum as net, tax and gross; null without refunds. */
export function refundedAmounts(refunds: readonly OrderRefund[]): Amounts | null {
  if (refunds.length === 0) return null;
  const gross = refunds.reduce((sum, refund) => sum + refund.gross, 0);
  const net = refunds.reduce((sum, refund) => sum + refund.net, 0);
  return { net, tax: gross - net, gross };
}

/**
 * Whether the whole order is withdrawn: its status says so, or its refunds give back at least
 * what it cost (a full refund WooCommerce did not mark „refunded” yet).
 */
export function isFullyWithdrawn(state: RefundState, orderGross: Cents | null): boolean {
  if (state.withdrawnStatus !== null) return true;
  const refunded = refundedAmounts(state.refunds);
  return refunded !== null && orderGross !== null && orderGross > 0 && refunded.gross >= orderGross;
}
