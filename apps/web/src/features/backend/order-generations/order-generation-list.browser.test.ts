import { toShopOrder, wooCommerceOrderSchema } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken } from '@/test/seed';

// REST credentials make the reconciliation count as set up; no worker runs it here, so the test
// records its runs itself.
const browser = setupBrowser({
  SHOP_URL: 'http://127.0.0.1:9/lizenzen',
  SHOP_API_KEY: 'ck_browser',
  SHOP_API_SECRET: 'cs_browser',
});

/** A paid shop order of the given lines, as the intake keeps it. */
function bookOrder(number: number, lines: { name: string; sku: string; quantity: number }[]) {
  return toShopOrder(
    wooCommerceOrderSchema.parse({
      id: number,
      number: String(number),
      status: 'processing',
      date_paid_gmt: '2026-11-20T09:16:40',
      line_items: lines.map((line, index) => ({ id: index + 1, product_id: 900 + index, ...line })),
    }),
  );
}

describe('the order generation list and the shop', () => {
  it('shows while the reconciliation fails when it last succeeded and why, and nothing once it works', async () => {
    const { records } = browser.server.app.services.shop;
    await records.recordRun({ at: new Date('2026-11-23T08:00:00Z'), error: null, seen: 3, created: 0 });
    await records.recordRun({
      at: new Date(),
      error: 'Der Shop lehnt die Anfrage ab (HTTP 401): Bitte SHOP_API_KEY und SHOP_API_SECRET prüfen.',
    });
    const page = await browser.open('/backend/order-generation', { token: await adminToken(browser.server) });
    const notice = page.getByRole('alert').filter({ hasText: 'Der Abgleich mit dem Shop schlägt fehl' });
    await notice.waitFor();
    await notice.getByText('Grund: Der Shop lehnt die Anfrage ab (HTTP 401)').waitFor();
    await notice.getByText('Zuletzt erfolgreich: 23.11.26 09:00:00').waitFor();

    await records.recordRun({ at: new Date(), error: null, seen: 3, created: 0 });
    await page.reload();
    await page.getByRole('heading', { name: 'Bestellungen ohne Produkte des Portals' }).waitFor();
    expect(await page.getByText('Der Abgleich mit dem Shop schlägt fehl').count()).toBe(0);
  });

  it('lists the paid orders left to the shop, found by their number', async () => {
    const { records } = browser.server.app.services.shop;
    await records.recordIgnoredOrder(
      bookOrder(5101, [{ name: 'Handbuch (gedruckt)', sku: 'BUCH-HB-2026', quantity: 1 }]),
    );
    await records.recordIgnoredOrder(
      bookOrder(5202, [
        { name: 'Symbolkarten (gedruckt)', sku: 'KARTEN-2026', quantity: 2 },
        { name: 'Handbuch (gedruckt)', sku: 'BUCH-HB-2026', quantity: 1 },
      ]),
    );
    const page = await browser.open('/backend/order-generation', { token: await adminToken(browser.server) });
    const section = page.getByRole('region', { name: 'Bestellungen ohne Produkte des Portals' });
    await section.getByRole('cell', { name: 'Symbolkarten (gedruckt) ×2, Handbuch (gedruckt) ×1' }).waitFor();
    await expect.poll(() => section.getByRole('row').count()).toBe(3);
    await expect.poll(() => section.getByRole('cell', { name: 'in Bearbeitung' }).count()).toBe(2);

    await section.getByRole('textbox', { name: 'Bestellnummer suchen' }).fill('5101');
    await expect.poll(() => section.getByRole('row').count()).toBe(2);
    await section.getByRole('cell', { name: '5101' }).waitFor();
    await section.getByRole('textbox', { name: 'Bestellnummer suchen' }).fill('4711');
    await section.getByText('Keine solche Bestellung.').waitFor();
  });
});
