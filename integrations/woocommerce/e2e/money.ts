/** Money as the shop and the assistant print it (`1.234,56 €`), in integer cents. */
export function cents(text: string): number {
  const match = /(-?[\d.]+,\d{2})\s*€/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) throw new Error(`no amount in „${text}”`);
  return Math.round(Number(match[1]!.replace(/\./g, '').replace(',', '.')) * 100);
}

/** Cents as the table prints them. */
export const euros = (value: number | null): string =>
  value === null ? '–' : (value / 100).toLocaleString('de-DE', { minimumFractionDigits: 2 });
