import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope, waitForPath } from '@/test/page';
import { adminToken, bindLicense, createLicense } from '@/test/seed';
import { setLicenseRow } from '@lizenzportal/server/testing';

const browser = setupBrowser();

async function openList(address = '/backend/license', prepare?: (page: Page) => Promise<unknown>) {
  const page = await browser.open(address, { token: await adminToken(browser.server), prepare });
  await page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
  return page;
}

/** Table rows without the header row. */
const bodyRows = (page: Page) => page.locator('tbody').getByRole('row');
const range = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const search = (page: Page) => new URL(page.url()).search;

async function choosePageSize(page: Page, size: string) {
  await page.getByRole('combobox', { name: 'Elemente pro Seite' }).selectOption({ label: size });
}

describe('license list', () => {
  it('keeps its loader until the rows are drawn: a list with licenses never says it has none', async () => {
    await createLicense(browser.server, { count: 3 });
    // The rows render after the answer, in the background (decision 055): every state of the
    // table in between is recorded, not only the last.
    const page = await openList('/backend/license', (page) =>
      page.addInitScript(() => {
        const shown = { empty: false };
        Object.assign(window, { emptyStateShown: shown });
        new MutationObserver(() => {
          if (document.querySelector('.mantine-datatable-empty-state[data-active]')) shown.empty = true;
        }).observe(document, { subtree: true, childList: true, attributes: true });
      }),
    );
    await expect.poll(() => bodyRows(page).count()).toBe(3);
    expect(
      await page.evaluate(
        () => (window as unknown as { emptyStateShown: { empty: boolean } }).emptyStateShown.empty,
      ),
    ).toBe(false);
  });

  it('shows 20 licenses per page, newest first, and pages through the address', async () => {
    await createLicense(browser.server, { count: 45 });
    const page = await openList();
    await range(page, '1–20 von 45');
    await expect.poll(() => bodyRows(page).count()).toBe(20);
    // Headers as the spec writes them; innerText is what the eye sees (after text-transform), its
    // first line without the sort order read to screen readers; the expand column comes first.
    const headers = await page.locator('thead th').allInnerTexts();
    expect(headers.slice(-5).map((text) => text.split('\n')[0]!.trim())).toEqual([
      'TYP',
      'ERZEUGT',
      'INFO',
      'STATUS',
      'AKTIONEN',
    ]);

    await page.getByRole('button', { name: 'Seite 3' }).click();
    await range(page, '41–45 von 45');
    await expect.poll(() => search(page)).toBe('?skip=40');
    await expect.poll(() => bodyRows(page).count()).toBe(5);

    await page.goBack();
    await range(page, '1–20 von 45');
  });

  it('offers 20, 50, 100 or all per page', async () => {
    await createLicense(browser.server, { count: 45 });
    const page = await openList('/backend/license?skip=20');
    await range(page, '21–40 von 45');
    const pageSize = page.getByRole('combobox', { name: 'Elemente pro Seite' });
    expect(await pageSize.getByRole('option').allTextContents()).toEqual(['20', '50', '100', 'Alle']);
    await expect.poll(() => pageSize.inputValue()).toBe('20');

    await choosePageSize(page, '50');
    await range(page, '1–45 von 45');
    await expect.poll(() => search(page)).toBe('?limit=50');

    await choosePageSize(page, 'Alle');
    await range(page, '1–45 von 45');
    await expect.poll(() => search(page)).toBe('?limit=0');
    await expect.poll(() => bodyRows(page).count()).toBe(45);
  });

  it('sorts by creation date through the address', async () => {
    const [older] = [await createLicense(browser.server), await createLicense(browser.server)];
    const page = await openList();
    await range(page, '1–2 von 2');
    // The header names the column and its order in German.
    await page.getByRole('button', { name: 'Erzeugt (absteigend sortiert)', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'createdAt');
    await page.getByRole('button', { name: 'Erzeugt (aufsteigend sortiert)', exact: true }).waitFor();
    await page.waitForFunction(
      (key) => document.querySelector('tbody tr')?.textContent?.includes(key),
      older!.key.slice(0, 4),
    );
  });

  it('jumps to the last page when the page in the address lies beyond the total', async () => {
    await createLicense(browser.server, { count: 25 });
    const page = await openList('/backend/license?skip=100');
    await range(page, '21–25 von 25');
    await expect.poll(() => search(page)).toBe('?skip=20');
  });

  it('shows the holder, and warns when the login code no longer matches the holder name', async () => {
    await bindLicense(browser.server, await createLicense(browser.server), { name: 'Anna Beispiel' });
    const renamed = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Berta Muster',
    });
    await setLicenseRow(browser.server.app.services.database.db, renamed._id, {
      authentication_code: 'Berta Muster-Alt',
    });
    const page = await openList();
    const warning = { name: 'Login möglicherweise nicht möglich' };

    const fine = bodyRows(page).filter({ hasText: 'Anna Beispiel' });
    expect(await fine.innerText()).toContain('Gebunden');
    expect(await fine.getByRole('button', warning).count()).toBe(0);
    // A focus stop: the keyboard shows its tooltip as the pointer does.
    await bodyRows(page).filter({ hasText: 'Berta Muster' }).getByRole('button', warning).focus();
    await page.getByRole('tooltip').filter({ hasText: warning.name }).waitFor();

    // A missing document's button keeps its focus stop and says why it cannot open anything.
    const missing = fine.getByRole('button', { name: 'Kein Lizenzdokument vorhanden' });
    expect(await missing.getAttribute('aria-disabled')).toBe('true');
    await missing.focus();
    await page.getByRole('tooltip').filter({ hasText: 'Kein Lizenzdokument vorhanden' }).waitFor();
  });

  it('says so when there are no licenses', async () => {
    const page = await openList();
    await page.getByText('Keine Lizenzen gefunden').waitFor();
  });

  it('shows an error panel with retry when the list cannot be loaded', async () => {
    await createLicense(browser.server);
    const page = await openList('/backend/license', (page) =>
      page.route('**/api/v1/license?*', (route) =>
        route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Kaputt')),
      ),
    );
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler beim Abrufen der Lizenzen');
    expect(text).toContain('Fehler-Code 500');

    await page.unroute('**/api/v1/license?*');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await range(page, '1–1 von 1');
  });

  it('ends the session on a 401 and sends the admin to the back-office login', async () => {
    const page = await openList();
    await page.getByText('Keine Lizenzen gefunden').waitFor();
    await page.route('**/api/v1/license?*', (route) =>
      route.fulfill(errorEnvelope(401, 'AUTHENTICATION_REQUIRED', 'Bitte melden Sie sich an.')),
    );
    await page.getByRole('button', { name: /^Erzeugt/ }).click();
    await waitForPath(page, '/backend/login');
    await page.getByText('Ihre Anmeldung ist abgelaufen').waitFor();
    await page.getByRole('button', { name: 'Hinweis schließen' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user-token'))).toBeNull();
  });
});
