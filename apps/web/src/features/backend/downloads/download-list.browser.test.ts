import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { filterRulesLoader, heldScripts } from '@/test/page';
import { adminToken, bindLicense, createLicense, recordDownload } from '@/test/seed';

const browser = setupBrowser();

const range = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();
const filterOf = (page: Page) => new URL(page.url()).searchParams.get('filter');

describe('the download log', () => {
  it("opened for one license, its first screen shows where the license's filter will be", async () => {
    const license = await createLicense(browser.server);
    // The page's own files wait until its first screen has been looked at.
    const pageFiles = heldScripts(/\/assets\/download-list-page-[^/]+\.js$/, filterRulesLoader);
    const page = await browser.open(`/backend/download?license=${license._id}`, {
      token: await adminToken(browser.server),
      prepare: pageFiles.prepare,
    });
    await page.getByRole('textbox', { name: 'Filter 1: Wert' }).waitFor();
    expect(pageFiles.seen()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Filter 1: Wert' }).inputValue()).toBe(license._id);
  });

  it("opens from a license's downloads widget filtered on it; the filter can be removed", async () => {
    const server = browser.server;
    const school = await bindLicense(server, await createLicense(server), { name: 'Schule am Deich' });
    const other = await bindLicense(server, await createLicense(server), { name: 'Förderzentrum Nord' });
    await recordDownload(server, school, { version: '9.1.0', completed: true });
    await recordDownload(server, school, { version: '9.2.0' });
    await recordDownload(server, other, { object: 'metasearch', product: 'metasearch', platform: 'mac' });

    const page = await browser.open(`/backend/license/${school._id}`, { token: await adminToken(server) });
    await page
      .getByRole('region', { name: 'Downloads' })
      .getByRole('link', { name: 'Download-Protokoll der Lizenz' })
      .click();
    await page.getByRole('heading', { name: 'Alle Downloads' }).waitFor();
    // `?license=` turned into the query builder's filter, shown as its first rule.
    await expect.poll(() => filterOf(page)).toBe(`license~eq~${school._id}`);
    expect(new URL(page.url()).searchParams.get('license')).toBeNull();
    await range(page, '1–2 von 2');
    expect(await page.getByRole('textbox', { name: 'Filter 1: Wert' }).inputValue()).toBe(school._id);
    const rows = page.locator('tbody').getByRole('row');
    await rows.first().getByText('705 MB von 2,1 GB').waitFor();
    await rows.nth(1).getByText('Vollständig geladen').waitFor();
    expect((await rows.allInnerTexts()).join('\n')).not.toContain('Förderzentrum Nord');

    await page.getByRole('button', { name: 'Filter 1 entfernen' }).click();
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await range(page, '1–3 von 3');
    expect(filterOf(page)).toBeNull();
    await rows.first().getByText('One-Click-Installer der Suchsoftware').waitFor();
    await rows.first().getByText('Förderzentrum Nord').waitFor();

    await page.getByRole('columnheader', { name: 'Version' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('version');
    await rows.first().getByText('9.1.0').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Lizenzen' }).click();
    await page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Downloads' }).click();
    await range(page, '1–3 von 3');
  });
});
