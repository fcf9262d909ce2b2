import type { PurchasableClass } from '../upgrade-session/enums.ts';
import type { ResellerLicense } from '../upgrade-session/schema.ts';
import { priceCart, type Cart, type LineGroup, type PriceRequest, type ProductLine } from './cart.ts';
import { licenseSku, PRODUCTS, type ShopProduct, type ShopProductIds, type Sku } from './products.ts';

/** One license bought in the assistant: its class, seat count and extra DVDs. */
interface LicensePurchase {
  licenseClass: PurchasableClass;
  seatCount: number;
  dvdCount: number;
}

/**
 * What an assistant order buys, in the terms prices are made of. For an update and an
 * extension, `originalSeats` are the seats of the licenses it starts from.
 */
export type Purchase =
  | ({ purchaseType: 'new' } & LicensePurchase)
  | ({ purchaseType: 'upgrade' | 'extension'; originalSeats: number } & LicensePurchase)
  | { purchaseType: 'reseller'; resellerLicenses: readonly ResellerLicense[] };

const EXTENSION_TITLE = 'Erweiterung Pro-Lizenz Version 9';
const ADDITIONAL_SEATS_TITLE = 'Zusätzliche Arbeitsplätze Pro-Lizenz Version 9';

/**
 * What a product line of a purchase is called, in the assistant's cart and the shop's: the pro
 * seats of an extension are its extension, those of an update beyond its old seats additional
 * seats — not a new license.
 */
export function productLineTitle(sku: Sku, purchaseType: Purchase['purchaseType']): string {
  if (sku === 'M9-PRO' && purchaseType === 'extension') return EXTENSION_TITLE;
  if (sku === 'M9-PRO' && purchaseType === 'upgrade') return ADDITIONAL_SEATS_TITLE;
  return PRODUCTS[sku].title;
}

function line(sku: Sku, quantity: number, title = PRODUCTS[sku].title): ProductLine {
  return { sku, quantity, title };
}

/**
 * The product lines of a purchase:
 * - new: the license (pro: one seat per unit) and the DVDs;
 * - upgrade: the seats the original licenses had at the update price, seats beyond them as new
 *   pro seats (an update is no way to buy more seats cheaply), and the DVDs;
 * - extension: the added seats (new total − original seats) as pro seats, and the DVDs;
 * - reseller: per line, `quantity` licenses of its size and their DVDs.
 */
export function purchaseLines(purchase: Purchase): PriceRequest['groups'] {
  if (purchase.purchaseType === 'reseller') {
    return purchase.resellerLicenses.map((license): LineGroup => ({
      uid: license.uid,
      customerReference: license.customerReference,
      licenseSize: license.properties.size,
      lines: [
        line(licenseSku(license.class, 'full'), license.properties.size * license.quantity),
        line('M9-DVD', license.properties.dvdCount * license.quantity),
      ],
    }));
  }
  const { licenseClass, seatCount, dvdCount } = purchase;
  const dvds = line('M9-DVD', dvdCount);
  const lines: ProductLine[] = [];
  if (purchase.purchaseType === 'new') {
    lines.push(line(licenseSku(licenseClass, 'full'), seatCount));
  } else if (purchase.purchaseType === 'extension') {
    lines.push(
      line(
        'M9-PRO',
        Math.max(0, seatCount - purchase.originalSeats),
        productLineTitle('M9-PRO', 'extension'),
      ),
    );
  } else {
    const updatedSeats = Math.min(seatCount, purchase.originalSeats);
    lines.push(line(licenseSku(licenseClass, 'update'), updatedSeats));
    if (licenseClass === 'pro') {
      lines.push(line('M9-PRO', seatCount - updatedSeats, productLineTitle('M9-PRO', 'upgrade')));
    }
  }
  return [{ uid: 'license', customerReference: null, licenseSize: seatCount, lines: [...lines, dvds] }];
}

/** The priced cart of a purchase for a buyer in `countryCode`. */
export function purchaseCart(purchase: Purchase, countryCode: string): Cart {
  return priceCart({
    countryCode,
    volumeBasis: purchase.purchaseType === 'reseller' ? 'license' : 'cart',
    groups: purchaseLines(purchase),
  });
}

/** The products the assistant hands to the shop for a purchase (lines of quantity 0 left out). */
export function shopProducts(purchase: Purchase, productIds: ShopProductIds): ShopProduct[] {
  return purchaseLines(purchase).flatMap((group) =>
    group.lines
      .filter((productLine) => productLine.quantity > 0)
      .map((productLine): ShopProduct => {
        const product = PRODUCTS[productLine.sku];
        return {
          sku: productLine.sku,
          productType: product.productType,
          productId: productIds[productLine.sku],
          class: product.class,
          type: product.type,
          quantity: productLine.quantity,
          ...(purchase.purchaseType === 'reseller'
            ? {
                licenseUid: group.uid,
                customerReference: group.customerReference ?? '',
                licenseSize: group.licenseSize,
              }
            : {}),
        };
      }),
  );
}

/**
 * The cart a shop page prices from the products it received (`add_to_cart`): the same prices as
 * the assistant's, read from the products alone — per reseller license, one cart otherwise.
 */
export function priceShopProducts(
  products: readonly Pick<
    ShopProduct,
    'sku' | 'quantity' | 'licenseUid' | 'customerReference' | 'licenseSize'
  >[],
  countryCode: string,
): Cart {
  const reseller = products.some((product) => product.licenseUid !== undefined);
  const groups = new Map<string, LineGroup>();
  for (const product of products) {
    const uid = product.licenseUid ?? 'license';
    const group = groups.get(uid) ?? {
      uid,
      customerReference: product.customerReference ?? null,
      licenseSize: product.licenseSize ?? 0,
      lines: [],
    };
    group.lines.push(line(product.sku, product.quantity));
    groups.set(uid, group);
  }
  return priceCart({ countryCode, volumeBasis: reseller ? 'license' : 'cart', groups: [...groups.values()] });
}
