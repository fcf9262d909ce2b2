import { z } from 'zod';
import type { Cents } from '../pricing/money.ts';
import { PURCHASE_TYPES, type PurchaseType } from '../upgrade-session/enums.ts';

/**
 * The parts of a WooCommerce order resource (REST API v3, also the body of its order webhooks)
 * the portal reads. WooCommerce sends many more fields; they are allowed and ignored.
 */
const metaDataSchema = z
  .array(z.looseObject({ key: z.string().max(255), value: z.unknown() }))
  .max(500)
  .default([]);

const text = (max: number) => z.string().max(max).nullish();
/** WooCommerce's money: a decimal string („431.09”); some stores send numbers. */
const amount = z.union([z.string().max(40), z.number()]).nullish();

export const wooCommerceOrderSchema = z.looseObject({
  id: z.int().min(1),
  number: z.string().trim().min(1).max(100),
  status: z.string().max(100),
  date_paid: z.string().max(40).nullish(),
  date_paid_gmt: z.string().max(40).nullish(),
  /** When the order last changed (a refund saves it): the day a refund first seen is counted on. */
  date_modified_gmt: z.string().max(40).nullish(),
  /** The order's gross total and the tax in it, decimal strings in the shop's currency („528.00”). */
  total: amount,
  total_tax: amount,
  /** ISO 4217 code of the order's currency („EUR”). */
  currency: z.string().max(10).nullish(),
  /** What coupons took off the lines, without and with its tax. */
  discount_total: amount,
  discount_tax: amount,
  coupon_lines: z
    .array(z.looseObject({ code: z.string().max(200).default(''), discount: amount, discount_tax: amount }))
    .max(100)
    .default([]),
  billing: z
    .looseObject({
      first_name: text(200),
      last_name: text(200),
      company: text(200),
      email: text(254),
      country: text(10),
    })
    .default({}),
  meta_data: metaDataSchema,
  line_items: z
    .array(
      z.looseObject({
        id: z.int().nullish(),
        name: z.string().max(500).default(''),
        product_id: z.int().nullish(),
        variation_id: z.int().nullish(),
        sku: z.string().max(200).nullish(),
        quantity: z.int().min(0).max(1_000_000),
        /** The line's net before and after coupons, and the tax on what was paid. */
        subtotal: amount,
        total: amount,
        total_tax: amount,
        meta_data: metaDataSchema,
      }),
    )
    .max(500),
  /**
   * The order's refunds as WooCommerce lists them on the order: id, reason and the amount as a
   * negative decimal string („-528.00”). REST v3 names the reason `reason`, v2 and the legacy
   * webhook payloads `refund`. Which lines a refund returned only its own resource says
   * (`/orders/{id}/refunds`).
   */
  refunds: z
    .array(
      z.looseObject({
        id: z.int(),
        reason: z.string().max(2000).nullish(),
        refund: z.string().max(2000).nullish(),
        total: amount,
      }),
    )
    .max(500)
    .default([]),
});
export type WooCommerceOrder = z.input<typeof wooCommerceOrderSchema>;

/** Order statuses WooCommerce gives a paid order. */
export const PAID_ORDER_STATUSES = ['processing', 'completed'] as const;
/** Order statuses after which the money is gone back or never came. */
export const WITHDRAWN_ORDER_STATUSES = ['cancelled', 'refunded', 'failed'] as const;

/** One product line of a shop order. */
export interface ShopOrderLine {
  id: number | null;
  name: string;
  sku: string | null;
  productId: number | null;
  variationId: number | null;
  quantity: number;
  /** Reseller lines: the assistant's line the product belongs to, and the customer's reference. */
  licenseUid: string | null;
  customerReference: string | null;
  /**
   * What the line was paid (WooCommerce's `total` and `total_tax`: after coupons) and its net
   * before coupons (`subtotal`); null when the shop named none. Absent from orders kept before
   * the portal read them (migration 019).
   */
  paidNet?: Cents | null;
  paidTax?: Cents | null;
  subtotalNet?: Cents | null;
}

/** A coupon of an order, as WooCommerce lists it: its code and what it took off, without tax. */
export interface ShopOrderCoupon {
  code: string;
  discount: Cents | null;
}

/**
 * What the order says was paid, in cents of its currency: the order's gross total and the tax in
 * it, what coupons took off (without tax) and the coupons. Null where the shop named nothing.
 */
export interface ShopOrderPayment {
  currency: string | null;
  gross: Cents | null;
  tax: Cents | null;
  discount: Cents | null;
  coupons: ShopOrderCoupon[];
}

/** A refund of an order as the order lists it: the money given back (gross, positive cents). */
export interface ShopOrderRefund {
  id: number;
  reason: string | null;
  gross: Cents;
}

/** A shop order as the portal keeps it with its order generation: what the generation needs. */
export interface ShopOrder {
  shopOrderId: number;
  number: string;
  status: string;
  datePaid: string | null;
  /** What the order brings in without tax (its total less the tax in it); null if the shop named none. */
  netTotal: Cents | null;
  /** The buyer; `countryCode` (ISO 3166, „DE”) absent from orders kept before migration 019. */
  billing: { name: string; email: string | null; countryCode?: string | null };
  /** Absent from orders kept before migration 019. */
  payment?: ShopOrderPayment;
  purchaseType: PurchaseType | null;
  /** The order's `purchase_type` meta value when it is none of the known ones. */
  unknownPurchaseType: string | null;
  upgradeSessionId: string | null;
  upgradeSessionToken: string | null;
  offerToken: string | null;
  /**
   * The cart the portal signed for the shop (`cart_token`, decision 065); absent from orders kept
   * before, null when the order carries none.
   */
  cartToken?: string | null;
  lines: ShopOrderLine[];
  /** Absent from orders kept before migration 021. */
  refunds?: ShopOrderRefund[];
  /** When the order last changed in the shop (ISO), if it says; absent before migration 021. */
  modifiedAt?: string | null;
}

function metaValue(meta: readonly { key: string; value: unknown }[], key: string): string | null {
  const entry = meta.find((item) => item.key === key);
  if (entry === undefined || entry.value === null || entry.value === undefined) return null;
  const value = typeof entry.value === 'string' ? entry.value.trim() : String(entry.value);
  return value === '' ? null : value;
}

/** Cents of a WooCommerce amount („528.00”); null unless it is one. */
export function centsOf(amount: string | number | null | undefined): Cents | null {
  const text = typeof amount === 'number' ? String(amount) : amount?.trim();
  if (!text || !/^-?\d{1,12}(\.\d{1,6})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** Whether WooCommerce considers the order paid: a paid status and a payment date. */
export function isPaidOrder(order: Pick<ShopOrder, 'status' | 'datePaid'>): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(order.status) && order.datePaid !== null;
}

/** An instant of WooCommerce's `…_gmt` fields („2026-11-20T09:16:40”, UTC without zone) as ISO; null unless one. */
export function gmtInstant(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

function netTotalOf(
  total: string | number | null | undefined,
  tax: string | number | null | undefined,
): Cents | null {
  const gross = centsOf(total);
  return gross === null ? null : gross - (centsOf(tax) ?? 0);
}

/**
 * The purchase type of an order: as its meta data says, else its session's, else by its lines (a
 * reseller line names its license). Null when the meta data names an unknown one.
 */
export function orderPurchaseType(
  order: Pick<ShopOrder, 'purchaseType' | 'unknownPurchaseType' | 'lines'>,
  sessionPurchaseType: PurchaseType | null,
): PurchaseType | null {
  if (order.unknownPurchaseType) return null;
  return (
    order.purchaseType ??
    sessionPurchaseType ??
    (order.lines.some((line) => line.licenseUid) ? 'reseller' : 'new')
  );
}

/** The order as the portal keeps it, from the WooCommerce resource (parsed by the schema). */
export function toShopOrder(order: z.output<typeof wooCommerceOrderSchema>): ShopOrder {
  const purchaseType = metaValue(order.meta_data, 'purchase_type');
  const known = (PURCHASE_TYPES as readonly string[]).includes(purchaseType ?? '');
  const { first_name, last_name, company, email, country } = order.billing;
  const person = [first_name, last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return {
    shopOrderId: order.id,
    number: order.number,
    status: order.status,
    datePaid: order.date_paid_gmt || order.date_paid || null,
    modifiedAt: gmtInstant(order.date_modified_gmt),
    netTotal: netTotalOf(order.total, order.total_tax),
    billing: {
      name: person || company?.trim() || '',
      email: email?.trim() || null,
      countryCode: country?.trim().toUpperCase() || null,
    },
    payment: {
      currency: order.currency?.trim().toUpperCase() || null,
      gross: centsOf(order.total),
      tax: centsOf(order.total_tax),
      discount: centsOf(order.discount_total),
      coupons: order.coupon_lines.map((coupon) => ({
        code: coupon.code,
        discount: centsOf(coupon.discount),
      })),
    },
    purchaseType: known ? (purchaseType as PurchaseType) : null,
    unknownPurchaseType: known ? null : purchaseType,
    upgradeSessionId: metaValue(order.meta_data, 'upgrade_session_id'),
    upgradeSessionToken: metaValue(order.meta_data, 'upgrade_session_token'),
    offerToken: metaValue(order.meta_data, 'offer_token'),
    cartToken: metaValue(order.meta_data, 'cart_token'),
    lines: order.line_items.map((line) => ({
      id: line.id ?? null,
      name: line.name,
      sku: line.sku?.trim() || null,
      productId: line.product_id || null,
      variationId: line.variation_id || null,
      quantity: line.quantity,
      licenseUid: metaValue(line.meta_data, 'license_uid'),
      customerReference: metaValue(line.meta_data, 'customer_reference'),
      paidNet: centsOf(line.total),
      paidTax: centsOf(line.total_tax),
      subtotalNet: centsOf(line.subtotal),
    })),
    refunds: order.refunds.map((refund) => ({
      id: refund.id,
      reason: (refund.reason ?? refund.refund)?.trim() || null,
      gross: Math.abs(centsOf(refund.total) ?? 0),
    })),
  };
}
