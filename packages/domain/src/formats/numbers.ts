const countFormat = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const wholeEuros = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });

/** A count as German text writes it: `1.234.567`. */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** Cents as whole euros, for a chart's axis where the cents only crowd: `12.346 €`. */
export function formatWholeEuros(cents: number): string {
  return `${wholeEuros.format(Math.round(cents / 100))}\u00a0€`;
}
