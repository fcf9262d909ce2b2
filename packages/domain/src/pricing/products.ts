import type { Cents } from './money.ts';
import type { PurchasableClass } from '../upgrade-session/enums.ts';
import type { LicenseType } from '../license/enums.ts';

/** The shop's product codes (DESIGN.md §4): full and update (`U`) licenses, and the extra DVD. */
export const SKUS = ['M9-PRO', 'M9-PER', 'M9-PROU', 'M9-PERU', 'M9-DVD'] as const;
export type Sku = (typeof SKUS)[number];

export type ShopProductType = 'license' | 'dvd';

interface ProductDefinition {
  productType: ShopProductType;
  class: PurchasableClass | null;
  type: LicenseType | null;
  /** The shop's German consumer price, VAT included, per seat (per DVD). */
  baseGross: Cents;
  /** Pro seats are priced by the volume factor; personal licenses and DVDs are not. */
  volumeDiscount: boolean;
  title: string;
}

export const PRODUCTS: Readonly<Record<Sku, ProductDefinition>> = {
  'M9-PRO': {
    productType: 'license',
    class: 'pro',
    type: 'full',
    baseGross: 9000,
    volumeDiscount: true,
    title: 'Pro-Lizenz Version 9',
  },
  'M9-PER': {
    productType: 'license',
    class: 'personal',
    type: 'full',
    baseGross: 8000,
    volumeDiscount: false,
    title: 'Persönliche Lizenz Version 9',
  },
  'M9-PROU': {
    productType: 'license',
    class: 'pro',
    type: 'update',
    baseGross: 3300,
    volumeDiscount: true,
    title: 'Update auf Pro-Lizenz Version 9',
  },
  'M9-PERU': {
    productType: 'license',
    class: 'personal',
    type: 'update',
    baseGross: 3000,
    volumeDiscount: false,
    title: 'Update auf Persönliche Lizenz Version 9',
  },
  'M9-DVD': {
    productType: 'dvd',
    class: null,
    type: null,
    baseGross: 1500,
    volumeDiscount: false,
    title: 'Zusätzliche DVD Version 9',
  },
};

/** The license product of a class and type: `M9-PRO`, `M9-PERU`, … */
export function licenseSku(licenseClass: PurchasableClass, type: LicenseType): Sku {
  const base = licenseClass === 'pro' ? 'M9-PRO' : 'M9-PER';
  return type === 'update' ? (`${base}U` as Sku) : base;
}

/** The shop's product id of each SKU: configuration of the installation, not of the domain. */
export type ShopProductIds = Readonly<Record<Sku, number>>;

/**
 * One product of the cart the assistant hands to the shop (customer spec §3 "Shop product").
 * Reseller lines name their reseller license and customer reference, which travel to the order's
 * line-item meta data (DESIGN.md §6).
 */
export interface ShopProduct {
  sku: Sku;
  productType: ShopProductType;
  productId: number;
  class: PurchasableClass | null;
  type: LicenseType | null;
  quantity: number;
  licenseUid?: string;
  customerReference?: string;
  /** Seats of one license of the reseller line: the quantity its volume factor is read at. */
  licenseSize?: number;
}
