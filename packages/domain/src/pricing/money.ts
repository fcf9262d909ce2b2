/**
 * Money is held in integer euro cents everywhere inside the portal; only display turns it into
 * euros. `Cents` documents that a number is such an amount.
 */
export type Cents = number;

/**
 * `numerator / denominator` rounded half up (commercial rounding, as the shop rounds), for
 * non-negative integers. Works in BigInt so that reseller-sized amounts times a rate stay exact.
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isInteger(numerator) || !Number.isInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`divideRounded needs non-negative integers, got ${numerator} / ${denominator}`);
  }
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

const moneyFormat = new Intl.NumberFormat('de-DE', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * `1.234,50 €`: German grouping and decimal comma, two decimals, the sign after a no-break space so
 * that amount and currency never wrap apart.
 */
export function formatMoney(cents: Cents): string {
  return `${moneyFormat.format(cents / 100)}\u00a0€`;
}

/**
 * An amount in the currency an order names: euros as `formatMoney` writes them (also when the
 * currency is unknown), any other with its ISO code after the number (`1.234,50 CHF`).
 */
export function formatMoneyIn(cents: Cents, currency: string | null): string {
  if (currency === null || currency === 'EUR') return formatMoney(cents);
  return `${moneyFormat.format(cents / 100)}\u00a0${currency}`;
}

const percentFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1 });

/** A percentage as German shops print it: `19 %`, `25,5 %`, `8,1 %`. */
export function formatPercent(percent: number): string {
  return `${percentFormat.format(percent)}\u00a0%`;
}
