import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLicenseKey, formatStartCode } from '@lizenzportal/domain';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope } from '@/test/page';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();

async function openDetail(id: string, prepare?: (page: Page) => Promise<unknown>) {
  const page = await browser.open(`/backend/license/${id}`, {
    token: await adminToken(browser.server),
    prepare,
  });
  await page.getByRole('heading', { name: `Details der Lizenz ${id}` }).waitFor();
  await page.getByRole('button', { name: 'Bearbeiten' }).waitFor();
  return page;
}

describe('license properties tab', () => {
  it('shows why a save failed, keeps the inputs and saves them on retry', async () => {
    const license = await createLicense(browser.server);
    // The first save meets a server in trouble; the retry reaches the real one.
    let failedSaves = 0;
    const page = await openDetail(license._id, (page) =>
      page.route(`**/api/v1/license/${license._id}`, (route) => {
        if (route.request().method() !== 'PUT' || failedSaves > 0) return route.fallback();
        failedSaves++;
        return route.fulfill(errorEnvelope(503, 'SERVICE_UNAVAILABLE', 'Die Datenbank antwortet nicht.'));
      }),
    );
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    await page.getByRole('textbox', { name: 'Notizen' }).fill('Rechnung an Schulträger');
    await page.getByRole('button', { name: 'Speichern' }).click();

    const text = await errorBoxText(page);
    expect(text).toContain('Fehler beim Speichern der Lizenz: Die Datenbank antwortet nicht.');
    expect(text).toContain('Fehler-Code 503');
    expect(await page.getByRole('textbox', { name: 'Notizen' }).inputValue()).toBe('Rechnung an Schulträger');
    expect((await browser.server.app.services.licenses.findById(license._id))?.notes).toBeNull();

    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Lizenz aktualisiert' }).waitFor();
    await page.getByRole('region', { name: 'Notizen' }).getByText('Rechnung an Schulträger').waitFor();
    expect(failedSaves).toBe(1);
    expect((await browser.server.app.services.licenses.findById(license._id))?.notes).toBe(
      'Rechnung an Schulträger',
    );
  });

  it('copies the ID, key, start code and authentication code, and says why copying failed', async () => {
    const license = await createLicense(browser.server);
    const page = await openDetail(license._id);
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.server.url });
    const general = page.getByRole('region', { name: 'Allgemein' });
    const copied = page.getByRole('alert').filter({ hasText: 'in Zwischenablage kopiert' });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    for (const [name, text] of [
      ['ID kopieren', license._id],
      ['Lizenzschlüssel kopieren', formatLicenseKey(license.key)],
      ['Startcode kopieren', formatStartCode(license.startCode)],
      ['Authentifizierungscode kopieren', license.authenticationCode],
    ] as const) {
      await general.getByRole('button', { name }).click();
      await copied.first().waitFor();
      expect(await clipboard()).toBe(text);
    }

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('Zugriff verweigert'));
    });
    await general.getByRole('button', { name: 'Lizenzschlüssel kopieren' }).click();
    await page.getByRole('alert').filter({ hasText: 'Fehler beim Kopieren: Zugriff verweigert' }).waitFor();
  });
});
