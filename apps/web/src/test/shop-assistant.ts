import type { Locator, Page } from 'playwright-core';
import { NAVIGATION_TIMEOUT_MS, type BrowserHarness, type OpenOptions } from './browser';

/**
 * Opens the stand-in shop and waits until the assistant in its frame shows the welcome step. The
 * frame loads its own scripts and settings after the shop page has loaded, so on a machine busy
 * with every test project this takes a page load's time, not a click's.
 */
export async function openShopAssistant(browser: BrowserHarness, options?: OpenOptions): Promise<Page> {
  const page = await browser.open('/shop-demo', options);
  await page
    .frameLocator('iframe[title="Lizenz-Assistent"]')
    .getByRole('button', { name: /^Assistent starten/ })
    .waitFor({ timeout: NAVIGATION_TIMEOUT_MS });
  return page;
}

/** The stand-in shop's cart, filled once the assistant handed its products over. */
export const shopCart = (page: Page): Locator => page.getByRole('region', { name: 'Warenkorb' });

/** The shop cart's products, row by row: SKU, product id and quantity. */
export async function shopProductRows(page: Page): Promise<string[][]> {
  const rows = shopCart(page).getByRole('table').first().getByRole('row');
  await rows.nth(1).waitFor();
  const texts = await rows.evaluateAll((elements) =>
    elements.slice(1).map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
  );
  return texts.map((cells) => cells.slice(1, 4));
}
