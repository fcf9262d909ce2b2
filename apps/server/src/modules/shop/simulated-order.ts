import {
  productLineTitle,
  priceShopProducts,
  type Billing,
  type PurchaseType,
  type ShopProduct,
  type ShopProductIds,
  type WooCommerceOrder,
} from '@lizenzportal/domain';

/** The cart `/shop-demo` received from the assistant (`add_to_cart`), with the checkout's billing. */
export interface SimulatedCart {
  products: Pick<ShopProduct, 'sku' | 'quantity' | 'licenseUid' | 'customerReference' | 'licenseSize'>[];
  sessionId: string | null;
  sessionToken: string | null;
  offerToken: string | null;
  /** The cart the portal signed for the shop (decision 065), kept as the order's `cart_token`. */
  cartToken?: string | null;
  billing: Pick<Billing, 'name' | 'email' | 'countryCode'> & Partial<Billing>;
  purchaseType: PurchaseType;
}

/** WooCommerce's money: a decimal string with two places. */
const money = (cents: number) => (cents / 100).toFixed(2);

/** WooCommerce's local and GMT timestamps (the shop's clock is German). */
function wooDates(at: Date): { local: string; gmt: string } {
  const gmt = at.toISOString().slice(0, 19);
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
  return { local, gmt };
}

/**
 * The paid order the shop would make of the cart, in WooCommerce's REST shape (the shape of
 * `fixtures/woocommerce-order-paid.json`): the hand-off in the order's meta data, reseller lines'
 * license and reference in their line meta data (DESIGN §6), the shop's product ids from the
 * configuration, prices as the assistant showed them.
 */
export function simulatedWooCommerceOrder(
  cart: SimulatedCart,
  options: { id: number; productIds: ShopProductIds; paidAt: Date },
): WooCommerceOrder {
  const priced = priceShopProducts(cart.products, cart.billing.countryCode);
  const { local, gmt } = wooDates(options.paidAt);
  const { billing } = cart;
  const address = {
    first_name: '',
    last_name: '',
    company: billing.name,
    address_1: [billing.street, billing.houseNumber].filter(Boolean).join(' '),
    address_2: [billing.additional1, billing.additional2].filter(Boolean).join(', '),
    city: billing.city ?? '',
    state: '',
    postcode: billing.postcode ?? '',
    country: billing.countryCode,
  };
  const meta = (entries: Record<string, string | null | undefined>) =>
    Object.entries(entries).map(([key, value], index) => ({
      id: options.id * 10 + index,
      key,
      value: value ?? '',
    }));
  const groups = priced.groupedLineItems;
  const lineItems = cart.products
    .filter((product) => product.quantity > 0)
    .map((product, index) => {
      const group = groups.find((candidate) => candidate.uid === (product.licenseUid ?? 'license'));
      const item = group?.lineItems.find((candidate) => candidate.sku === product.sku);
      return {
        id: options.id * 100 + index + 1,
        name: productLineTitle(product.sku, cart.purchaseType),
        parent_name: null,
        product_id: options.productIds[product.sku],
        variation_id: 0,
        quantity: product.quantity,
        tax_class: '',
        subtotal: money(item?.net ?? 0),
        subtotal_tax: money(item?.vat ?? 0),
        total: money(item?.net ?? 0),
        total_tax: money(item?.vat ?? 0),
        meta_data: product.licenseUid
          ? [
              { key: 'license_uid', value: product.licenseUid },
              { key: 'customer_reference', value: product.customerReference ?? '' },
            ]
          : [],
        sku: product.sku,
        price: (item?.itemNet ?? 0) / 100,
      };
    });
  return {
    id: options.id,
    parent_id: 0,
    number: String(options.id),
    created_via: 'checkout',
    status: 'processing',
    currency: 'EUR',
    date_created: local,
    date_created_gmt: gmt,
    date_paid: local,
    date_paid_gmt: gmt,
    total: money(priced.totals.gross),
    total_tax: money(priced.totals.vat),
    cart_tax: money(priced.totals.vat),
    prices_include_tax: true,
    customer_note: billing.note ?? '',
    billing: { ...address, email: billing.email, phone: '' },
    shipping: { ...address, phone: '' },
    payment_method: 'bacs',
    payment_method_title: 'Direct bank transfer',
    meta_data: meta({
      upgrade_session_id: cart.sessionId,
      upgrade_session_token: cart.sessionToken,
      offer_token: cart.offerToken,
      purchase_type: cart.purchaseType,
      ...(cart.cartToken ? { cart_token: cart.cartToken } : {}),
    }),
    line_items: lineItems,
  };
}

/** What a refund gives back of one order line: the line's id and how many of it. */
export interface RefundedQuantity {
  lineItemId: number;
  quantity: number;
}

/**
 * A refund of the order as WooCommerce makes it (`wc_create_refund`), in the REST shape of
 * `/orders/{id}/refunds`: each returned line with negative quantity and money in proportion to
 * its share of the line, `_refunded_item_id` naming the order's line; `amount` its gross.
 */
export function simulatedWooCommerceRefund(
  order: WooCommerceOrder,
  options: { id: number; lines: readonly RefundedQuantity[]; reason: string; at: Date },
) {
  const { local, gmt } = wooDates(options.at);
  const cents = (amount: string | number | null | undefined) => Math.round(Number(amount ?? 0) * 100);
  let gross = 0;
  const lineItems = options.lines.map((refunded, index) => {
    const line = order.line_items!.find((item) => item.id === refunded.lineItemId)!;
    const share = (amount: string | number | null | undefined) =>
      Math.round((cents(amount) * refunded.quantity) / line.quantity);
    const total = share(line.total);
    const tax = share(line.total_tax);
    gross += total + tax;
    return {
      id: options.id * 100 + index + 1,
      name: line.name,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      quantity: -refunded.quantity,
      tax_class: '',
      subtotal: money(-share(line.subtotal)),
      subtotal_tax: money(-tax),
      total: money(-total),
      total_tax: money(-tax),
      taxes: [],
      meta_data: [{ id: options.id * 10 + index, key: '_refunded_item_id', value: String(line.id) }],
      sku: line.sku ?? '',
      price: -(line.price ?? 0),
    };
  });
  return {
    id: options.id,
    date_created: local,
    date_created_gmt: gmt,
    amount: money(gross),
    reason: options.reason,
    refunded_by: 1,
    refunded_payment: false,
    meta_data: [],
    line_items: lineItems,
    shipping_lines: [],
    tax_lines: [],
    fee_lines: [],
  };
}
