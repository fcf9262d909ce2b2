import { expect, test } from 'vitest';
import { WITHDRAWN_ORDER_STATUSES } from '../shop-order/woocommerce-order.ts';
import { orderGenerationNotes } from './shop-orders.ts';

test.each([
  ['cancelled', 'storniert'],
  ['refunded', 'erstattet'],
  ['failed', 'fehlgeschlagen'],
] as const)('the note of an order withdrawn as %s names it „%s”', (status, german) => {
  expect(orderGenerationNotes.withdrawn(status, '03.11.2026, 14:05')).toBe(
    `Die Bestellung steht im Shop seit 03.11.2026, 14:05 auf „${german}”: die erzeugten Lizenzen bleiben bestehen, bitte bei Bedarf von Hand deaktivieren.`,
  );
});

test('every withdrawn status has its German name in the note', () => {
  for (const status of WITHDRAWN_ORDER_STATUSES)
    expect(orderGenerationNotes.withdrawn(status, '')).not.toContain(`„${status}”`);
});
