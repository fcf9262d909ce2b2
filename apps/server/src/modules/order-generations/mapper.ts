import {
  orderPaymentSchema,
  orderProductSchema,
  refundedAmounts,
  type OrderGeneration,
  type RefundState,
} from '@lizenzportal/domain';
import { z } from 'zod';
import type { OrderGenerationRow } from '../../db/schema.ts';

const productsSchema = z.array(orderProductSchema);
const couponsSchema = orderPaymentSchema.shape.coupons;
const refundsSchema = orderPaymentSchema.shape.refunds;

/** Cents of a `bigint` column (a string from `pg`). */
const cents = (value: string | number | null) => (value === null ? null : Number(value));

function amounts(net: string | number | null, tax: string | number | null, gross: string | number | null) {
  return net === null || tax === null || gross === null
    ? null
    : { net: Number(net), tax: Number(tax), gross: Number(gross) };
}

export function toOrderGeneration(row: OrderGenerationRow): OrderGeneration {
  const refunds = refundsSchema.parse(row.refunds);
  return {
    _id: row.id,
    order: row.order_number,
    shopOrderId: row.shop_order_id === null ? null : Number(row.shop_order_id),
    progress: row.progress,
    deliver: row.deliver,
    upgradeSession: row.upgrade_session,
    licenses: row.licenses,
    note: row.note,
    error: row.error,
    products: productsSchema.parse(row.products),
    payment: {
      currency: row.paid_currency,
      orderGross: cents(row.order_gross),
      orderTax: cents(row.order_tax),
      discount: cents(row.discount),
      coupons: couponsSchema.parse(row.coupons),
      paid: amounts(row.paid_net, row.paid_tax, row.paid_gross),
      portal: amounts(row.portal_net, row.portal_tax, row.portal_gross),
      refunds,
      refunded: refundedAmounts(refunds),
    },
    amountDiffers: row.amount_differs,
    paidTwiceFor: row.paid_twice_for,
    withdrawal: row.withdrawal,
    withdrawnStatus: row.withdrawn_status,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
    refundLinesProblem: row.refund_lines_problem,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** What the shop said about the generation's money going back, as the domain reasons about it. */
export function refundStateOfRow(
  row: Pick<OrderGenerationRow, 'refunds' | 'withdrawn_status' | 'withdrawn_at'>,
): RefundState {
  return {
    refunds: refundsSchema.parse(row.refunds),
    withdrawnStatus: row.withdrawn_status,
    withdrawnAt: row.withdrawn_at?.toISOString() ?? null,
  };
}

/** The order's gross total in cents, as stored. */
export const orderGrossOf = (row: Pick<OrderGenerationRow, 'order_gross'>) => cents(row.order_gross);
