import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
    expect((await browser.server.app.services.licenses.repository.findById(license._id))?.notes).toBeNull();

    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('alert').filter({ hasText: 'Lizenz aktualisiert' }).waitFor();
    await page.getByRole('region', { name: 'Notizen' }).getByText('Rechnung an Schulträger').waitFor();
    expect(failedSaves).toBe(1);
    expect((await browser.server.app.services.licenses.repository.findById(license._id))?.notes).toBe(
      'Rechnung an Schulträger',
    );
  });
});
