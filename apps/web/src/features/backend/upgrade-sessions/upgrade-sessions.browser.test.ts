import { describe, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken } from '@/test/seed';

const browser = setupBrowser();

describe('upgrade sessions', () => {
  it('lists a session with its columns and opens its detail', async () => {
    const { session } = await browser.server.app.services.upgradeSessions.create({
      purchaseType: 'new',
      originalLicenses: [],
      accessTokens: [],
      fromVersion: null,
      toVersion: '9',
      properties: { class: 'pro', size: 10, dvdCount: 1 },
      billing: { countryCode: 'DE' },
      shipToDifferentAddress: false,
      shipping: null,
      resellerLicenses: [],
    });
    const token = await adminToken(browser.server);
    const page = await browser.open('/backend/upgrade-session', { token });
    await page.getByRole('heading', { name: 'Alle Upgrade-Sessions' }).waitFor();
    const row = page.locator('tbody').getByRole('row').first();
    await row.getByText('Neukauf').waitFor();
    await row.getByText('Neu erstellt').waitFor();

    await page.goto(`/backend/upgrade-session/${session._id}`);
    await page.getByRole('heading', { name: 'Upgrade-Session' }).waitFor();
    await page.getByRole('region', { name: 'Erzeugte Lizenz' }).getByText('Keine Lizenz').waitFor();
    await page.getByRole('region', { name: 'Ursprüngliche Lizenzen' }).getByText('Keine Lizenzen').waitFor();
    await page.getByRole('tab', { name: 'JSON' }).click();
    await page.getByText(`"_id": "${session._id}"`).waitFor();
  });
});
