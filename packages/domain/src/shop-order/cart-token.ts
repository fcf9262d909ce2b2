import { z } from 'zod';
import type { PricedOrder } from '../pricing/priced-lines.ts';
import { SKUS, type ShopProductIds, type Sku } from '../pricing/products.ts';
import { dvdsDeliverableTo } from '../countries/countries.ts';
import { assistantMessages } from '../messages/assistant.ts';
import { shopDemoMessages } from '../messages/shop-demo.ts';
import { licenseRuleMessages } from '../messages/validation.ts';
import { MAX_SEATS, PURCHASE_TYPES, type PurchaseType } from '../upgrade-session/enums.ts';

/** What a new purchase without session can buy: a full license and its DVDs. */
const NEW_PURCHASE_SKUS = ['M9-PRO', 'M9-PER', 'M9-DVD'] as const;

/**
 * The cart the portal hands to the shop, signed (decision 065): a JWT (RFC 7519) signed with the
 * portal's Ed25519 key (`alg: EdDSA`, RFC 8037), its key id in the header. The shop's plugin sets
 * its cart from these claims alone and keeps the token in the order's meta data (`cart_token`);
 * the order generation compares the paid lines with them.
 */
export const CART_TOKEN_ALGORITHM = 'EdDSA';

/** How long the shop accepts a cart token after the portal signed it (a hand-off is immediate). */
export const CART_TOKEN_SECONDS = 3600;

/** The order meta data key the plugin keeps the token under (beside DESIGN §6's four). */
export const CART_TOKEN_META_KEY = 'cart_token';

/** Where the shop reads the portal's public keys (and the CLI's `npm run shop:cart-key` prints them). */
export const CART_KEYS_PATH = '/api/v1/shop/cart-keys';

const cents = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/** One line of the signed cart: a product of the shop, how many, and its prices in cents. */
export const cartTokenLineSchema = z.strictObject({
  sku: z.enum(SKUS),
  /** The shop's product id of the SKU (`SHOP_PRODUCT_IDS`). */
  productId: z.int().min(1),
  quantity: z.int().min(1).max(1_000_000_000),
  /** The price WooCommerce sets the item to: German gross, as the shop's prices are entered. */
  unitGross: cents,
  /** The line as the assistant showed it in the buyer's country. */
  net: cents,
  vat: cents,
  gross: cents,
  /** Reseller lines: the assistant's license line and the customer's reference (line meta data). */
  licenseUid: z.string().max(100).nullable(),
  customerReference: z.string().max(100).nullable(),
});
export type CartTokenLine = z.infer<typeof cartTokenLineSchema>;

/** The claims of a cart token besides the registered ones (`iss`, `aud`, `iat`, `exp`, `jti`). */
export const cartClaimsSchema = z.object({
  purchaseType: z.enum(PURCHASE_TYPES),
  /** The upgrade session the order must name (`upgrade_session_id`), null for a cart without one. */
  sessionId: z.uuid().nullable(),
  /** The buyer's billing country the prices are for (ISO 3166). */
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  lines: z.array(cartTokenLineSchema).min(1).max(200),
  totals: z.strictObject({ net: cents, vat: cents, gross: cents }),
});
export type CartClaims = z.infer<typeof cartClaimsSchema>;

/** A verified cart token: its claims and its one-time id. */
export interface SignedCart extends CartClaims {
  id: string;
  issuedAt: number;
  expiresAt: number;
}

/** What the portal answers when it signed a cart for the assistant's hand-off. */
export const cartTokenResponseSchema = z.object({
  cartToken: z.string(),
  /** ISO timestamp after which the shop refuses the token. */
  expiresAt: z.string(),
});
export type CartTokenResponse = z.infer<typeof cartTokenResponseSchema>;

/**
 * A cart of a new purchase without session, as the assistant asks the portal to sign it: the
 * products and the country; the portal prices them itself.
 */
export const productCartRequestSchema = z
  .strictObject({
    purchaseType: z.literal('new'),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
    products: z
      .array(z.strictObject({ sku: z.enum(NEW_PURCHASE_SKUS), quantity: z.int().min(1).max(MAX_SEATS) }))
      .min(1)
      .max(NEW_PURCHASE_SKUS.length),
  })
  .superRefine(({ products, countryCode }, context) => {
    // One license as the assistant sells it: each product once, one license product, a personal
    // license one seat, no more DVDs than seats (what the order generation can deliver), DVDs
    // only where they are shipped.
    const licenses = products.filter((product) => product.sku !== 'M9-DVD');
    const dvds = products.find((product) => product.sku === 'M9-DVD')?.quantity ?? 0;
    const seats = licenses[0]?.quantity ?? 0;
    if (new Set(products.map((product) => product.sku)).size < products.length || licenses.length !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['products'],
        message: shopDemoMessages.oneLicensePerCart(MAX_SEATS),
      });
    } else if (licenses[0]!.sku === 'M9-PER' && seats > 1) {
      context.addIssue({
        code: 'custom',
        path: ['products'],
        message: licenseRuleMessages.personalIsOneSeat,
      });
    } else if (dvds > seats) {
      context.addIssue({ code: 'custom', path: ['products'], message: licenseRuleMessages.dvdsExceedSize });
    } else if (dvds > 0 && !dvdsDeliverableTo(countryCode)) {
      context.addIssue({ code: 'custom', path: ['countryCode'], message: assistantMessages.dvdOnlyGermany });
    }
  });
/** What the assistant sends for such a cart (the server's schema decides what it signs). */
export interface ProductCartRequest {
  purchaseType: 'new';
  countryCode: string;
  products: { sku: Sku; quantity: number }[];
}

/** The claims of a priced purchase: what the portal signs for the shop. */
export function cartClaims(
  priced: PricedOrder,
  options: { purchaseType: PurchaseType; sessionId: string | null; productIds: ShopProductIds },
): CartClaims {
  return {
    purchaseType: options.purchaseType,
    sessionId: options.sessionId,
    countryCode: priced.countryCode,
    lines: priced.lines.map((line) => ({
      sku: line.sku,
      productId: options.productIds[line.sku],
      quantity: line.quantity,
      unitGross: line.unitGross,
      net: line.net,
      vat: line.vat,
      gross: line.gross,
      licenseUid: line.licenseUid,
      customerReference: line.customerReference,
    })),
    totals: { net: priced.totals.net, vat: priced.totals.vat, gross: priced.totals.gross },
  };
}
