import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { filterMessages, formatLicenseKey, licenseToolbarMessages } from '@lizenzportal/domain';
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
    // The end is said in the same live region.
    await page
      .getByRole('status')
      .filter({ hasText: licenseToolbarMessages.downloaded('Startdokumente als PDF') })
      .waitFor();
  }, 150_000);

  it('keeps „Aktionen für 0 ausgewählte” and „Filter anwenden” in the tab order, saying why they wait', async () => {
    await createLicense(browser.server);
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.getByText('1–1 von 1', { exact: true }).waitFor();
    const description = (name: string) =>
      page
        .getByRole('button', { name })
        .evaluate(
          (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
        );
    const focused = (name: string) =>
      page.getByRole('button', { name }).evaluate((button) => button === document.activeElement);

    const apply = 'Filter anwenden';
    expect(await page.getByRole('button', { name: apply }).getAttribute('aria-disabled')).toBe('true');
    expect(await description(apply)).toBe(filterMessages.alreadyApplied);
    await page.getByRole('button', { name: 'Filter hinzufügen' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused(apply)).toBe(true);

    await page.getByRole('switch', { name: 'Mehrfachauswahl' }).check();
    const actions = 'Aktionen für 0 ausgewählte';
    expect(await page.getByRole('button', { name: actions }).getAttribute('aria-disabled')).toBe('true');
    expect(await description(actions)).toBe(licenseToolbarMessages.selectAtLeast(2));
    await page.getByRole('switch', { name: 'Mehrfachauswahl' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused(actions)).toBe(true);
    // Pressed, it opens no menu.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(await page.getByRole('menu').count()).toBe(0);
  });

  it('opens the actions’ menu by keyboard with the focus on its first item', async () => {
    const licenses = [await createLicense(browser.server), await createLicense(browser.server)];
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.getByText('1–2 von 2', { exact: true }).waitFor();
    await page.getByRole('switch', { name: 'Mehrfachauswahl' }).check();
    for (const license of licenses) {
      await page.getByRole('checkbox', { name: `${formatLicenseKey(license.key)} auswählen` }).check();
    }
    await page.getByRole('button', { name: 'Aktionen für 2 ausgewählte' }).focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('menuitem', { name: 'Startdokumente als PDF' });
    await expect.poll(() => first.evaluate((item) => item === document.activeElement)).toBe(true);
  });
});
