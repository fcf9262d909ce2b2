import {
  comparePaidLines,
  licenseSku,
  orderGenerationErrors,
  orderGenerationNotes,
  orderPurchaseType,
  PRODUCTS,
  splitOrderLines,
  type HolderData,
  type PortalLine,
  type PricedOrder,
  type PurchasableClass,
  type PurchaseType,
  type ResellerLicense,
  type ShopOrder,
  type ShopProductIds,
  type SignedCart,
  type Sku,
} from '@lizenzportal/domain';

/**
 * A shop order that cannot become licenses as it is (DVDs without a license, a session of another
 * purchase type, …): the generation fails at once with this German message, no retry helps
 * until an admin has fixed the cause.
 */
export class OrderProblem extends Error {
  /** A second paid order of a session another order bought: that first order's number. */
  readonly paidTwiceFor: string | null;

  constructor(message: string, options: { paidTwiceFor?: string } = {}) {
    super(message);
    this.paidTwiceFor = options.paidTwiceFor ?? null;
  }
}

/** What the generation knows of the order's upgrade session. */
export interface SessionFacts {
  id: string;
  purchaseType: PurchaseType;
  properties: { class: PurchasableClass; size: number; dvdCount: number } | null;
  holder: HolderData | null;
  originalLicenses: string[];
  /** Seats of the original licenses when the session was created. */
  originalSeats: number;
  resellerLicenses: ResellerLicense[];
  offerNumber: string | null;
  /** What the session priced (`pricedSession`): what its order must pay for; null while undetermined. */
  priced: PricedOrder | null;
}

/** Licenses to create alike: `count` v9 licenses of this class, size and DVD count. */
export interface LicensesToCreate {
  class: PurchasableClass;
  type: 'full' | 'update';
  size: number;
  dvdCount: number;
  count: number;
  productSku: Sku;
  notes: string | null;
}

/** What a paid order becomes (DESIGN §5), decided before anything is written. */
export type GenerationPlan =
  | { purchaseType: 'new' | 'reseller'; create: LicensesToCreate[] }
  | { purchaseType: 'upgrade'; create: LicensesToCreate; holder: HolderData; originalLicenses: string[] }
  | {
      purchaseType: 'extension';
      licenseId: string;
      /** The seats the license had when the extension was priced: it must still have them. */
      originalSeats: number;
      size: number;
      /** DVDs bought with the extension, added to the license's. */
      dvdCount: number;
      extensionSku: Sku;
      /** Whom an unbound license is bound to by the extension (a bound one keeps its holder). */
      holder: HolderData | null;
    };

/** The purchase type of an order: as its meta data says, else its session's, else by its lines. */
function purchaseTypeOf(order: ShopOrder, session: SessionFacts | null): PurchaseType {
  if (order.unknownPurchaseType) {
    throw new OrderProblem(orderGenerationErrors.unknownPurchaseType(order.unknownPurchaseType));
  }
  const purchaseType = orderPurchaseType(order, session?.purchaseType ?? null)!;
  if (session && session.purchaseType !== purchaseType) {
    throw new OrderProblem(
      orderGenerationErrors.sessionOfOtherPurchaseType(session.purchaseType, purchaseType),
    );
  }
  return purchaseType;
}

/**
 * Decides what a paid order becomes, from its lines of the portal (SKUs, or product ids from the
 * configuration; the others are the shop's alone) and its upgrade session. Throws an OrderProblem
 * when they do not fit together.
 */
/**
 * What an order's cart token says (decision 065): it carries none, it is not one the portal
 * signed, or the cart the portal signed.
 */
export type OrderCart = null | 'forged' | SignedCart;

export function planGeneration(
  order: ShopOrder,
  productIds: ShopProductIds,
  session: SessionFacts | null,
  cart: OrderCart = null,
): GenerationPlan {
  const purchaseType = purchaseTypeOf(order, session);
  if (!order.billing.email) throw new OrderProblem(orderGenerationErrors.noEmail);
  const lines = splitOrderLines(order.lines, productIds).portal;
  if (!lines.some(({ sku }) => PRODUCTS[sku].productType === 'license')) {
    throw new OrderProblem(orderGenerationErrors.noLicenseProduct);
  }
  if (cart) assertPaidAsSigned(lines, cart, purchaseType, session?.id ?? order.upgradeSessionId);
  // From here on every seat, DVD, class and license the session names has a paid line behind it.
  if (session) assertPaidAsPriced(lines, session);
  if (purchaseType === 'new') return { purchaseType, create: newLicenses(lines) };
  if (!session) throw new OrderProblem(orderGenerationErrors.sessionRequired(purchaseType));
  if (purchaseType === 'reseller') return { purchaseType, create: resellerLicenses(lines, session) };
  const properties = session.properties;
  if (!properties) throw new OrderProblem(orderGenerationErrors.sessionWithoutProperties);
  if (purchaseType === 'extension') {
    return {
      purchaseType,
      licenseId: session.originalLicenses[0]!,
      originalSeats: session.originalSeats,
      size: properties.size,
      dvdCount: properties.dvdCount,
      extensionSku: 'M9-PRO',
      holder: session.holder,
    };
  }
  if (!session.holder) throw new OrderProblem(orderGenerationErrors.sessionWithoutHolder);
  return {
    purchaseType,
    create: {
      class: properties.class,
      type: 'update',
      size: properties.size,
      dvdCount: properties.dvdCount,
      count: 1,
      productSku: licenseSku(properties.class, 'update'),
      notes: null,
    },
    holder: session.holder,
    originalLicenses: session.originalLicenses,
  };
}

/**
 * A new purchase: one pro license per pro line (its quantity are the seats), one personal license
 * per personal unit; the DVDs belong to the license when there is one.
 */
function newLicenses(lines: PortalLine[]): LicensesToCreate[] {
  const create: LicensesToCreate[] = [];
  let dvds = 0;
  for (const { line, sku } of lines) {
    const product = PRODUCTS[sku];
    if (product.productType === 'dvd') {
      dvds += line.quantity;
      continue;
    }
    if (product.type !== 'full')
      throw new OrderProblem(orderGenerationErrors.productNotForPurchaseType(line.name, 'new'));
    const pro = product.class === 'pro';
    create.push({
      class: product.class!,
      type: 'full',
      size: pro ? line.quantity : 1,
      dvdCount: 0,
      count: pro ? 1 : line.quantity,
      productSku: sku,
      notes: null,
    });
  }
  if (dvds > 0) {
    const only = create.length === 1 && create[0]!.count === 1 ? create[0]! : undefined;
    if (!only) throw new OrderProblem(orderGenerationErrors.unassignableDvds);
    if (dvds > only.size) throw new OrderProblem(orderGenerationErrors.tooManyDvds(dvds, only.size));
    only.dvdCount = dvds;
  }
  return create;
}

/**
 * The paid lines decide (DESIGN §5): an order of a session pays, per product, exactly what the
 * session priced — an update its seats at the update price and the seats on top as new ones, an
 * extension its added seats, each the DVDs, an offer its lines, a reseller order each reseller
 * line it buys. Anything else (a quantity changed in the shop's cart, a line removed or added)
 * fails with both sides named, before anything is created or changed.
 */
function assertPaidAsPriced(lines: PortalLine[], session: SessionFacts): void {
  if (!session.priced) throw new OrderProblem(orderGenerationErrors.sessionWithoutProperties);
  const comparison = comparePaidLines(lines, session.priced.lines, session.purchaseType === 'reseller');
  if (comparison === null) return;
  if ('unknownResellerLine' in comparison) {
    throw new OrderProblem(orderGenerationErrors.resellerLineUnknown(comparison.unknownResellerLine));
  }
  throw new OrderProblem(orderGenerationErrors.paidLinesDiffer(comparison.difference, session));
}

/**
 * An order that carries the cart the portal signed for the shop pays exactly its lines (decision
 * 065): the token is the portal's, for the order's session and purchase type, and its products
 * are the paid ones — per reseller line for a reseller order, as the session's lines are compared.
 */
function assertPaidAsSigned(
  lines: PortalLine[],
  cart: Exclude<OrderCart, null>,
  purchaseType: PurchaseType,
  sessionId: string | null,
): void {
  if (cart === 'forged') throw new OrderProblem(orderGenerationErrors.cartTokenInvalid);
  if (cart.sessionId !== sessionId || cart.purchaseType !== purchaseType) {
    throw new OrderProblem(orderGenerationErrors.cartTokenOfOtherOrder);
  }
  const comparison = comparePaidLines(lines, cart.lines, purchaseType === 'reseller');
  if (comparison === null) return;
  if ('unknownResellerLine' in comparison) {
    throw new OrderProblem(orderGenerationErrors.resellerLineUnknown(comparison.unknownResellerLine));
  }
  throw new OrderProblem(
    orderGenerationErrors.paidLinesDiffer(comparison.difference, { offerNumber: null, signedCart: true }),
  );
}

/**
 * A reseller order: per reseller line of the session the order bought (and paid in full, checked
 * above), `quantity` licenses of its class, size and DVDs, its customer reference in the notes.
 */
function resellerLicenses(lines: PortalLine[], session: SessionFacts): LicensesToCreate[] {
  const bought = new Set(lines.map(({ line }) => line.licenseUid));
  return session.resellerLicenses
    .filter((license) => bought.has(license.uid))
    .map((license) => ({
      class: license.class,
      type: 'full',
      size: license.properties.size,
      dvdCount: license.properties.dvdCount,
      count: license.quantity,
      productSku: licenseSku(license.class, 'full'),
      notes: orderGenerationNotes.customerReference(license.customerReference),
    }));
}
