import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLicenseKey } from '@lizenzportal/domain';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();

describe('license list toolbar', () => {
  // The server renders the starter documents while the admin waits: on a busy machine that can
  // take far longer than a test's usual 30 seconds.
  it('shows what a batch download is receiving until the file is there', async () => {
    const licenses = [await createLicense(browser.server), await createLicense(browser.server)];
    // The request reaches the server only once the test has seen the progress.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: (page) =>
        page.route('**/api/v1/batch-download/**', async (route: Route) => {
          await released;
          await route.continue();
        }),
    });
    // The test server renders the PDFs in this process, and Playwright's client shares its event
    // loop: on a busy machine that holds up every step around the download for many seconds.
    page.setDefaultTimeout(45_000);
    await page.getByText('1–2 von 2', { exact: true }).waitFor();
    await page.getByRole('switch', { name: 'Mehrfachauswahl' }).check();
    for (const license of licenses) {
      await page.getByRole('checkbox', { name: `${formatLicenseKey(license.key)} auswählen` }).check();
    }
    await page.getByRole('button', { name: 'Aktionen für 2 ausgewählte' }).click();
    await page.getByRole('menuitem', { name: 'Startdokumente als PDF' }).click();

    const progress = page.getByRole('status').filter({ hasText: 'Startdokumente als PDF:' });
    await progress.waitFor();
    expect(await progress.innerText()).toBe('Startdokumente als PDF: 0,0 MB empfangen');
    // One download at a time.
    expect(await page.getByRole('button', { name: 'Aktionen für 2 ausgewählte' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Liste als CSV exportieren' }).isDisabled()).toBe(true);

    const [file] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), release()]);
    expect(file.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}_Startdokumente\.pdf$/);
    await progress.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Liste als CSV exportieren' }).isEnabled()).toBe(true);
  }, 150_000);
});
