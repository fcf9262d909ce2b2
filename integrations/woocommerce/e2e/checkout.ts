/**
 * The buyer in WooCommerce's classic cart and checkout: the cart's total, the billing address in
 * the country chosen in the assistant, „Überweisung”, the order placed.
 */
import type { Page } from 'playwright-core';
import { cents } from './money.ts';

const TIMEOUT = 60_000;

/** A valid address per country (WooCommerce checks postcodes and, for some countries, states). */
const ADDRESSES: Record<string, { postcode: string; city: string; state?: string }> = {
  DE: { postcode: '10115', city: 'Berlin' },
  AT: { postcode: '1010', city: 'Wien' },
  CH: { postcode: '8001', city: 'Zürich' },
  LI: { postcode: '9490', city: 'Vaduz' },
  FI: { postcode: '00100', city: 'Helsinki' },
  HU: { postcode: '1051', city: 'Budapest' },
  LU: { postcode: '1009', city: 'Luxembourg' },
  US: { postcode: '10001', city: 'New York', state: 'NY' },
  NO: { postcode: '0150', city: 'Oslo' },
};

/** Waits until WooCommerce's pending updates (blockUI overlays) are done. */
async function settled(page: Page): Promise<void> {
  const until = Date.now() + TIMEOUT;
  while ((await page.locator('.blockUI').count()) > 0) {
    if (Date.now() > until) throw new Error('the checkout did not settle (WooCommerce still busy)');
    await page.waitForTimeout(100);
  }
}

/** The classic cart's total in cents (the page the plugin opened after the hand-off). */
export async function cartTotal(page: Page): Promise<number> {
  await page.waitForURL(/\/warenkorb\//, { timeout: TIMEOUT });
  const total = page.locator('.cart_totals .order-total .woocommerce-Price-amount').first();
  return cents(await total.innerText({ timeout: TIMEOUT }));
}

/** Checks out with bank transfer; answers the order's id and the total the confirmation shows. */
export async function checkOut(
  page: Page,
  country: string,
  email: string,
): Promise<{ orderId: number; shownTotal: number }> {
  await page.locator('.checkout-button').click();
  await page.waitForURL(/\/kasse\//, { timeout: TIMEOUT });
  const address = ADDRESSES[country] ?? { postcode: '12345', city: 'Stadt' };
  await page.locator('#billing_first_name').fill('Erika');
  await page.locator('#billing_last_name').fill('Mustermann');
  // The plugin set the country chosen in the assistant; selected again as a buyer would.
  await page.locator('#billing_country').selectOption(country, { force: true });
  await settled(page);
  await page.locator('#billing_address_1').fill('Hauptstraße 1');
  await page.locator('#billing_postcode').fill(address.postcode);
  await page.locator('#billing_city').fill(address.city);
  if (address.state) await page.locator('#billing_state').selectOption(address.state, { force: true });
  const phone = page.locator('#billing_phone');
  if (await phone.count()) await phone.fill('030 1234567');
  await page.locator('#billing_email').fill(email);
  await page.locator('#billing_email').blur();
  await settled(page);
  await page.locator('#payment_method_bacs').check({ force: true });
  await settled(page);
  await page.locator('#place_order').click();
  await page.waitForURL(/\/order-received\/\d+/, { timeout: TIMEOUT });
  const orderId = Number(/order-received\/(\d+)/.exec(page.url())![1]);
  // The classic theme's „Gesamt:” or a block theme's order confirmation summary.
  const shown = page
    .locator('.woocommerce-order-overview__total, .wc-block-order-confirmation-summary-list-item')
    .filter({ hasText: /Total|Gesamt/ })
    .locator('.woocommerce-Price-amount')
    .first();
  return { orderId, shownTotal: cents(await shown.innerText()) };
}
