import { expect, test } from 'vitest';
import { WITHDRAWN_ORDER_STATUSES } from '../shop-order/woocommerce-order.ts';
import { orderGenerationNotes, orderPaymentMessages } from './shop-orders.ts';

test.each([
  ['cancelled', 'storniert'],
  ['refunded', 'erstattet'],
  ['failed', 'fehlgeschlagen'],
] as const)('an order withdrawn as %s is said to be „%s”', (status, german) => {
  expect(orderPaymentMessages.withdrawnInShop(status, '03.11.2026, 14:05')).toBe(
    `Im Shop ${german} am 03.11.2026, 14:05`,
  );
  expect(orderGenerationNotes.nothingMade(status)).toBe(
    `Die Bestellung wurde im Shop vor der Generierung ${german}: Es wurde nichts erzeugt.`,
  );
});

test('no withdrawn status is shown as WooCommerce spells it', () => {
  for (const status of WITHDRAWN_ORDER_STATUSES) {
    expect(orderPaymentMessages.withdrawnInShop(status, '')).not.toContain(status);
    expect(orderGenerationNotes.nothingMade(status)).not.toContain(status);
  }
});
