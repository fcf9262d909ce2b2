/** The run's tables: each price case's totals beside the assistant's, and each refusal. */
import { countryName } from '@lizenzportal/domain';
import type { CaseResult } from './purchase.ts';
import type { Refusal } from './refusals.ts';
import { euros } from './money.ts';

function table(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
}

export function printCases(results: CaseResult[]): void {
  console.log('\nPrice cases (€, gross; VAT of the order beside the assistant’s):\n');
  table(
    [
      'Fall',
      'Land',
      'Erwartet',
      'Assistent',
      'Warenkorb',
      'Bestätigung',
      'Bestellung',
      'USt. erwartet',
      'USt. Bestellung',
      'Bestellung #',
      'Lizenzen',
      'Mail',
      'Ergebnis',
    ],
    results.map((result) => [
      result.priceCase.name,
      `${result.priceCase.country} ${countryName(result.priceCase.country)}`,
      euros(result.expected.gross),
      euros(result.assistant),
      euros(result.cart),
      euros(result.confirmation),
      euros(result.order),
      euros(result.expected.vat),
      euros(result.orderTax),
      String(result.orderId),
      `${result.licenses}/${result.expectedLicenses}`,
      result.mailed ? 'ja' : 'nein',
      result.ok ? 'gleich' : 'ABWEICHUNG',
    ]),
  );
}

export function printRefusals(refusals: Refusal[]): void {
  console.log('\nRefusals:\n');
  table(
    ['Versuch', 'Wie verlangt', 'Beobachtet'],
    refusals.map((refusal) => [refusal.name, refusal.passed ? 'ja' : 'NEIN', refusal.observed]),
  );
}
