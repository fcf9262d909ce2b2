import { counted } from './plurals.ts';

/**
 * How a reseller order's lines read wherever the buyer sees them (assistant, offer PDF, order
 * mail, starter documents): how many licenses of which size, and the customer reference that tells
 * the reseller which key is for which customer.
 */

/** What the reseller calls a line's customer: one label for the assistant, shop page, PDFs and mails. */
export const CUSTOMER_REFERENCE = 'Kundenreferenz';

/** A reseller line's licenses: „2 Lizenzen × 5 Arbeitsplätze”, „1 Lizenz × 1 Arbeitsplatz”. */
export function licensesOfSize(licenses: number, seats: number): string {
  return `${counted(licenses, 'license')} × ${counted(seats, 'seat')}`;
}

/** A reseller line as a heading over its items: „„Schule am Park”: 2 Lizenzen × 5 Arbeitsplätze”. */
export function resellerLineHeading(reference: string, licenses: number, seats: number): string {
  return `„${reference}”: ${licensesOfSize(licenses, seats)}`;
}

const REFERENCE_PREFIX = `${CUSTOMER_REFERENCE}: `;

/** The customer reference as a fact: „Kundenreferenz: Schule am Park”. */
export function customerReferenceFact(reference: string): string {
  return `${REFERENCE_PREFIX}${reference}`;
}

/**
 * The customer reference an order wrote into a reseller license's notes (`customerReferenceFact`,
 * their first line), or null: the license keeps it there, where staff see and may correct it, and
 * its starter document and order mail read it back from there.
 */
export function customerReferenceOf(notes: string | null): string | null {
  const firstLine = notes?.split('\n', 1)[0] ?? '';
  if (!firstLine.startsWith(REFERENCE_PREFIX)) return null;
  return firstLine.slice(REFERENCE_PREFIX.length).trim() || null;
}
