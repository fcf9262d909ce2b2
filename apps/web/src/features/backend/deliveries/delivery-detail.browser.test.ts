import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createDelivery, createOrderGeneration } from '@/test/seed';

const browser = setupBrowser();

describe('delivery and order generation details', () => {
  it('shows a delivery with its mail and resends it as a new delivery, recorded in the audit trail', async () => {
    const server = browser.server;
    const generation = await createOrderGeneration(server);
    const { license, delivery: original } = await createDelivery(server, generation);
    const page = await browser.open(`/backend/delivery/${original._id}`, { token: await adminToken(server) });
    await page.getByRole('heading', { name: 'Versand-Aktion' }).waitFor();
    await page.getByText('praxis@example.com').first().waitFor();
    const mail = page.frameLocator('iframe[title="Inhalt der E-Mail"]');
    await mail.getByText('Praxis Lindenhof').first().waitFor();

    await page.getByRole('button', { name: 'Erneut senden' }).click();
    await page.getByText('Erneut gesendet', { exact: true }).first().waitFor();
    await page.waitForURL((url) => !url.pathname.endsWith(original._id));
    const deliveries = await server.app.services.deliveries.forLicense(license._id);
    expect(deliveries).toHaveLength(2);
    const entries = await server.app.services.audit.forEntity('delivery', original._id);
    expect(entries).toEqual([expect.objectContaining({ action: 'resent', actor: 'verwaltung' })]);

    // The order generation lists both deliveries.
    await page.goto(`/backend/order-generation/${generation}`);
    await page.getByRole('heading', { name: 'Shop-Generierung' }).waitFor();
    await page.getByText('Bestellung 4711').waitFor();
    await expect
      .poll(() => page.getByRole('region', { name: 'Auslieferungen' }).getByRole('listitem').count())
      .toBe(2);
  });
});
