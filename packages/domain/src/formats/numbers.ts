import { onFirstUse } from './on-first-use.ts';

/**
 * The locale's number formats, made on first use: making one loads the locale's number data, about
 * 70 ms on a phone (4× CPU) in the middle of the back office's first screen, where every number
 * shown is a whole count (decision 058).
 */
const countFormat = onFirstUse(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }));
const wholeEuros = onFirstUse(() => new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 }));

/** A safe integer in German digit groups, `1.234.567`, written out without `Intl`. */
export function groupedDigits(integer: number): string {
  return String(integer).replace(/\B(?=(\d{3})+$)/g, '.');
}

/** A count as German text writes it: `1.234.567`; a whole number is written out without `Intl`. */
export function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? groupedDigits(count) : countFormat().format(count);
}

/** Cents as whole euros, for a chart's axis where the cents only crowd: `12.346 €`. */
export function formatWholeEuros(cents: number): string {
  return `${wholeEuros().format(Math.round(cents / 100))}\u00a0€`;
}
