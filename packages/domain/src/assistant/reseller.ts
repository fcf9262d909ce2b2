import { assistantMessages } from '../messages/assistant.ts';
import { MAX_RESELLER_QUANTITY, MAX_RESELLER_SIZE, type PurchasableClass } from '../upgrade-session/enums.ts';
import type { ResellerLicense } from '../upgrade-session/schema.ts';
import { dvdsDeliverableTo } from '../countries/countries.ts';

/** What the reseller editor lets a user set on a line. */
export interface ResellerLineChanges {
  class?: PurchasableClass;
  size?: number;
  quantity?: number;
  dvdCount?: number;
  customerReference?: string;
}

export interface ClampedResellerLine {
  license: ResellerLicense;
  /** Toasts to show: the DVD count was cut down to the size. */
  toasts: string[];
}

const MAX_CUSTOMER_REFERENCE = 30;

function clampWhole(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.trunc(value))) : min;
}

/**
 * A reseller line after a change, with the editor's clamps (customer spec §5): a personal license
 * is one seat with at most one DVD; size and quantity 1…100000; DVDs 0…size (with the toast „Die
 * maximale DVD-Anzahl ist die Lizenz-Größe” when that cut them down), none outside Germany; an
 * empty customer reference falls back to the line's default.
 */
export function changeResellerLine(
  license: ResellerLicense,
  changes: ResellerLineChanges,
  countryCode: string,
  defaultReference: string = license.customerReference,
): ClampedResellerLine {
  const licenseClass = changes.class ?? license.class;
  const size =
    licenseClass === 'personal'
      ? 1
      : clampWhole(changes.size ?? license.properties.size, 1, MAX_RESELLER_SIZE);
  const maxDvds = dvdsDeliverableTo(countryCode) ? (licenseClass === 'personal' ? 1 : size) : 0;
  const requestedDvds = clampWhole(
    changes.dvdCount ?? license.properties.dvdCount,
    0,
    Number.MAX_SAFE_INTEGER,
  );
  const dvdCount = Math.min(requestedDvds, maxDvds);
  const reference = (changes.customerReference ?? license.customerReference)
    .trim()
    .slice(0, MAX_CUSTOMER_REFERENCE);
  const toasts =
    dvdsDeliverableTo(countryCode) && dvdCount < requestedDvds ? [assistantMessages.dvdMaximumIsSize] : [];
  return {
    license: {
      ...license,
      class: licenseClass,
      properties: { ...license.properties, size, dvdCount },
      customerReference: reference || defaultReference,
      quantity: clampWhole(changes.quantity ?? license.quantity, 1, MAX_RESELLER_QUANTITY),
    },
    toasts,
  };
}

/**
 * A new reseller line numbered `number` (its uid and default customer reference „Lizenz N”): a
 * one-seat pro license, once, without DVDs, unless `changes` say otherwise.
 */
export function newResellerLine(
  number: number,
  changes: ResellerLineChanges,
  countryCode: string,
): ClampedResellerLine {
  const defaultReference = assistantMessages.defaultCustomerReference(number);
  const blank: ResellerLicense = {
    uid: String(number),
    class: 'pro',
    properties: { size: 1, dvdCount: 0, delivery: 'download', licenseType: 'full' },
    version: '9',
    customerReference: defaultReference,
    quantity: 1,
  };
  return changeResellerLine(blank, changes, countryCode, defaultReference);
}

/** Another delivery country: outside Germany every line loses its DVDs (spec §5). */
export function resellerLinesForCountry(
  lines: readonly ResellerLicense[],
  countryCode: string,
): ResellerLicense[] {
  if (dvdsDeliverableTo(countryCode)) return [...lines];
  return lines.map((line) => ({ ...line, properties: { ...line.properties, dvdCount: 0 } }));
}
