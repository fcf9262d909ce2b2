import { divideRounded, type Cents } from './money.ts';
import { PRODUCTS, type Sku } from './products.ts';
import { HOME_COUNTRY } from '../countries/countries.ts';
import { vatRate, vatRatePerMille } from './vat.ts';
import { volumeDiscountPercent, volumeFactorPerMille } from './volume-factor.ts';

/**
 * Which quantity picks the volume factor (DESIGN.md §4): all pro seats of the cart, or — in a
 * reseller order — the size of the one license a line stands for.
 */
export type VolumeBasis = 'cart' | 'license';

export interface ProductLine {
  sku: Sku;
  quantity: number;
  /** What the cart calls the line; the product's own title unless the purchase names it. */
  title: string;
}

/** The lines of one license (with its DVDs): the whole purchase, or one reseller line. */
export interface LineGroup {
  uid: string;
  customerReference: string | null;
  /** Seats of one license of this group: the volume quantity when the basis is `license`. */
  licenseSize: number;
  lines: ProductLine[];
}

export interface PriceRequest {
  countryCode: string;
  volumeBasis: VolumeBasis;
  groups: LineGroup[];
}

/** One priced line (customer spec §3 "Cart"): per-item values, then the line's sums. Cents throughout. */
export interface CartLineItem {
  sku: Sku;
  title: string;
  quantity: number;
  /** The volume discount in whole percent (0 where none applies). */
  discountPercent: number;
  /**
   * The shop's price of one item, German VAT included (base × factor, rounded to cents): what
   * WooCommerce's cart sets the item to, whatever the buyer's country (decision 065).
   */
  shopUnitGross: Cents;
  itemBaseNet: Cents;
  itemVolumeDiscount: Cents;
  itemNet: Cents;
  itemVat: Cents;
  itemGross: Cents;
  net: Cents;
  vat: Cents;
  gross: Cents;
  /** VAT rate of the buyer's country in percent. */
  vatRate: number;
}

/** How many licenses of which size a reseller line buys („2 Lizenzen × 5 Arbeitsplätze”). */
export interface GroupLicenses {
  count: number;
  size: number;
}

export interface CartGroup {
  uid: string;
  customerReference: string | null;
  /** A reseller line's licenses (volume basis `license`); null for a cart of one license. */
  licenses: GroupLicenses | null;
  lineItems: CartLineItem[];
}

export interface CartTotals {
  net: Cents;
  vat: Cents;
  vatRate: number;
  gross: Cents;
}

export interface Cart {
  groupedLineItems: CartGroup[];
  totals: CartTotals;
}

/** German VAT in thousandths: the shop's prices include it, so every net is derived through it. */
const HOME_VAT_PER_MILLE = vatRatePerMille(HOME_COUNTRY);

/** German net of a German gross amount, rounded to cents. */
function homeNet(gross: Cents): Cents {
  return divideRounded(gross * 1000, 1000 + HOME_VAT_PER_MILLE);
}

/**
 * Prices a cart as the shop does (DESIGN.md §4): the unit gross is the German consumer price
 * times the volume factor, rounded to cents; in Germany the gross amounts are exact and net and
 * VAT are derived from them; in any other country the net is the German net and VAT is added at
 * that country's rate (0 % outside the spec's table). Lines of quantity 0 are left out.
 */
export function priceCart(request: PriceRequest): Cart {
  const ratePerMille = vatRatePerMille(request.countryCode);
  const home = request.countryCode === HOME_COUNTRY;
  const cartProSeats = request.groups
    .flatMap((group) => group.lines)
    .filter((line) => PRODUCTS[line.sku].volumeDiscount)
    .reduce((sum, line) => sum + line.quantity, 0);

  const groupedLineItems = request.groups.map((group) => {
    const volumeQuantity = request.volumeBasis === 'license' ? group.licenseSize : cartProSeats;
    return {
      uid: group.uid,
      customerReference: group.customerReference,
      licenses: request.volumeBasis === 'license' ? groupLicenses(group) : null,
      lineItems: group.lines
        .filter((line) => line.quantity > 0)
        .map((line) => priceLine(line, volumeQuantity, home, ratePerMille)),
    };
  });

  const lineItems = groupedLineItems.flatMap((group) => group.lineItems);
  const sum = (amount: (line: CartLineItem) => Cents) =>
    lineItems.reduce((total, line) => total + amount(line), 0);
  return {
    groupedLineItems,
    totals: {
      net: sum((line) => line.net),
      vat: sum((line) => line.vat),
      vatRate: vatRate(request.countryCode),
      gross: sum((line) => line.gross),
    },
  };
}

/** A reseller line's licenses: its license seats are `count` licenses of its size. */
function groupLicenses(group: LineGroup): GroupLicenses {
  const seats = group.lines
    .filter((line) => PRODUCTS[line.sku].productType === 'license')
    .reduce((sum, line) => sum + line.quantity, 0);
  return {
    count: group.licenseSize > 0 ? Math.round(seats / group.licenseSize) : 0,
    size: group.licenseSize,
  };
}

function priceLine(
  line: ProductLine,
  volumeQuantity: number,
  home: boolean,
  ratePerMille: number,
): CartLineItem {
  if (!Number.isInteger(line.quantity) || line.quantity < 0) {
    throw new RangeError(`A cart line's quantity is a whole number ≥ 0, got ${line.quantity}`);
  }
  const product = PRODUCTS[line.sku];
  const factor = product.volumeDiscount ? volumeFactorPerMille(volumeQuantity) : 1000;
  const unitGross = divideRounded(product.baseGross * factor, 1000);
  const lineGross = unitGross * line.quantity;

  const itemBaseNet = homeNet(product.baseGross);
  const itemNet = homeNet(unitGross);
  const net = homeNet(lineGross);
  const itemVat = home ? unitGross - itemNet : divideRounded(itemNet * ratePerMille, 1000);
  const vat = home ? lineGross - net : divideRounded(net * ratePerMille, 1000);
  return {
    sku: line.sku,
    title: line.title,
    quantity: line.quantity,
    discountPercent: product.volumeDiscount ? volumeDiscountPercent(volumeQuantity) : 0,
    shopUnitGross: unitGross,
    itemBaseNet,
    itemVolumeDiscount: itemBaseNet - itemNet,
    itemNet,
    itemVat,
    itemGross: itemNet + itemVat,
    net,
    vat,
    gross: net + vat,
    vatRate: ratePerMille / 10,
  };
}
