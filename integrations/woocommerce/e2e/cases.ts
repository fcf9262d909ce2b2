/**
 * The price cases of the run: the twelve new purchases the domain's price tests anchor
 * (packages/domain/src/pricing/cart.test.ts: DESIGN §4's anchors and „prices by purchase”) and
 * reseller orders of several lines, in Germany, other EU countries and countries outside the EU.
 * What the assistant shows for each is the domain's `purchaseCart`, which its summary renders.
 */
import { purchaseCart, type CartTotals, type Purchase, type ResellerLicense } from '@lizenzportal/domain';

export interface ResellerLine {
  size: number;
  quantity: number;
  dvds: number;
}

export type PriceCase =
  | {
      name: string;
      country: string;
      kind: 'new';
      licenseClass: 'pro' | 'personal';
      seats: number;
      dvds: number;
    }
  | { name: string; country: string; kind: 'reseller'; lines: ResellerLine[] };

const pro = (country: string, seats: number, dvds = 0): PriceCase => ({
  name: `${seats} Pro-Arbeitsplätze${dvds ? ` + ${dvds} DVD` : ''}`,
  country,
  kind: 'new',
  licenseClass: 'pro',
  seats,
  dvds,
});

export const PRICE_CASES: PriceCase[] = [
  pro('DE', 10),
  pro('AT', 10),
  pro('DE', 10, 1),
  pro('CH', 10),
  pro('LI', 10),
  pro('FI', 10),
  pro('HU', 10),
  pro('LU', 10),
  pro('US', 10),
  pro('NO', 10),
  {
    name: 'Persönliche Lizenz + DVD',
    country: 'DE',
    kind: 'new',
    licenseClass: 'personal',
    seats: 1,
    dvds: 1,
  },
  pro('DE', 300, 7),
  {
    name: 'Reseller: 10 + DVD, 2 × 25',
    country: 'DE',
    kind: 'reseller',
    lines: [
      { size: 10, quantity: 1, dvds: 1 },
      { size: 25, quantity: 2, dvds: 0 },
    ],
  },
  {
    name: 'Reseller: 2 × 3, 60',
    country: 'AT',
    kind: 'reseller',
    lines: [
      { size: 3, quantity: 2, dvds: 0 },
      { size: 60, quantity: 1, dvds: 0 },
    ],
  },
  {
    name: 'Reseller: 3 × 5',
    country: 'CH',
    kind: 'reseller',
    lines: [{ size: 5, quantity: 3, dvds: 0 }],
  },
];

/** The purchase a case stands for, as the domain prices it. */
function purchaseOf(priceCase: PriceCase): Purchase {
  if (priceCase.kind === 'new') {
    return {
      purchaseType: 'new',
      licenseClass: priceCase.licenseClass,
      seatCount: priceCase.seats,
      dvdCount: priceCase.dvds,
    };
  }
  const resellerLicenses: ResellerLicense[] = priceCase.lines.map((line, index) => ({
    uid: String(index + 1),
    class: 'pro',
    properties: { size: line.size, dvdCount: line.dvds, delivery: 'download', licenseType: 'full' },
    version: '9',
    customerReference: `Lizenz ${index + 1}`,
    quantity: line.quantity,
  }));
  return { purchaseType: 'reseller', resellerLicenses };
}

/** The totals the assistant's summary shows for a case. */
export function assistantTotals(priceCase: PriceCase): CartTotals {
  return purchaseCart(purchaseOf(priceCase), priceCase.country).totals;
}
