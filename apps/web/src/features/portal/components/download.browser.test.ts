import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOWNLOAD_CARD_TITLES, downloadMessages, downloadTitle } from '@lizenzportal/domain';
import { DownloadRepository, eventually } from '@lizenzportal/server/testing';
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope, waitForPath } from '@/test/page';
import { bindLicense, createLicense, licenseToken, type HolderInput } from '@/test/seed';

const browser = setupBrowser();
let files: string;

beforeEach(() => {
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-browser-releases-'));
});
afterEach(() => fs.rmSync(files, { recursive: true, force: true }));

async function publish(product: string, version: string, content: string, platform?: string) {
  const file = path.join(files, `${product}-${platform ?? 'all'}-${version}.zip`);
  fs.writeFileSync(file, content);
  return browser.server.app.services.releases.publish({ product, version, platform, file });
}

type LicenseInput = Parameters<typeof createLicense>[1];
const HOLDER: HolderInput = { name: 'Förderschule am Mühlbach', holderType: 'organization', contact: 'Zoë' };

async function openDownloads(input: LicenseInput, options: { bound?: boolean; address?: string } = {}) {
  const created = await createLicense(browser.server, input);
  const license = options.bound === false ? created : await bindLicense(browser.server, created, HOLDER);
  const page = await browser.open(options.address ?? '/download?didAcceptTerms=true', {
    token: await licenseToken(browser.server, license),
    // Links carry PUBLIC_URL; the test server listens on a port of its own.
    prepare: (opened) =>
      opened.route(`${browser.server.config.publicUrl}/api/**`, (route) =>
        route.continue({
          url: route.request().url().replace(browser.server.config.publicUrl, browser.server.url),
        }),
      ),
  });
  return { page, license };
}

const card = (page: Page, title: string) => page.getByRole('button', { name: `${title} öffnen` });
const dialog = (page: Page) => page.getByRole('dialog');

async function generateAndDownload(page: Page, scope = dialog(page)) {
  await scope.getByRole('button', { name: downloadMessages.generateLink }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    scope.getByRole('link', { name: downloadMessages.download }).click(),
  ]);
  return fs.readFileSync((await download.path())!, 'utf8');
}

describe('the download area', () => {
  it('asks for the terms, then downloads the v9 main product; copying the link is offered to pro licenses', async () => {
    await publish('software-9', '9.2.0', 'Version 9 Setup');
    const { page, license } = await openDownloads(
      { properties: { class: 'pro', size: 5 } },
      { address: '/download' },
    );
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Weiter' }).click();
    await waitForPath(page, '/download', '?didAcceptTerms=true');

    await card(page, DOWNLOAD_CARD_TITLES.mainDownload).click();
    await dialog(page).getByText('1,97 GB', { exact: false }).waitFor();
    expect(await dialog(page).getByRole('tab').count()).toBe(0);
    expect(await generateAndDownload(page)).toBe('Version 9 Setup');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog(page).getByRole('button', { name: downloadMessages.copyLink }).click();
    await page.getByText(downloadMessages.copySuccess).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/api\/v1\/download\/file\?/);

    const row = await browser.server.app.services.licenses.findById(license._id);
    expect(row?.software_downloads).toBe(1);
  });

  it('a copied link, never clicked, downloads later elsewhere and is recorded once', async () => {
    await publish('software-9', '9.2.0', 'Version 9 Setup');
    const { page, license } = await openDownloads({ properties: { class: 'pro', size: 5 } });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await card(page, DOWNLOAD_CARD_TITLES.mainDownload).click();
    await dialog(page).getByRole('button', { name: downloadMessages.generateLink }).click();
    await dialog(page).getByRole('button', { name: downloadMessages.copyLink }).click();
    await page.getByText(downloadMessages.copySuccess).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const downloads = new DownloadRepository(browser.server.database.db);
    expect(await downloads.ofLicense(license._id)).toMatchObject([{ bytes_sent: 0, completed_at: null }]);

    // Pasted on another workstation (outside this browser), at the test server's port.
    const response = await fetch(copied.replace(browser.server.config.publicUrl, browser.server.url));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Version 9 Setup');
    const rows = await eventually(async () => {
      const all = await downloads.ofLicense(license._id);
      return all[0]?.completed_at ? all : undefined;
    });
    expect(rows).toMatchObject([{ bytes_sent: 'Version 9 Setup'.length }]);
    const row = await browser.server.app.services.licenses.findById(license._id);
    expect(row?.software_downloads).toBe(1);
  });

  it('shows the version 8 tabs and moves on to unpacking after the download click; no copy link', async () => {
    await publish('software-8', '8.7.4', 'Version 8 Archiv');
    const { page } = await openDownloads({ version: '8', properties: { class: 'single', size: 1 } });
    await card(page, DOWNLOAD_CARD_TITLES.mainDownload).click();
    await dialog(page).getByText('1,6 GB', { exact: false }).waitFor();
    const tabs = await dialog(page).getByRole('tab').allInnerTexts();
    expect(tabs).toEqual(['Herunterladen', 'Entpacken', 'Installieren']);
    expect(await generateAndDownload(page)).toBe('Version 8 Archiv');
    await dialog(page).getByRole('tab', { name: 'Entpacken', selected: true }).waitFor();
    expect(await dialog(page).getByRole('button', { name: downloadMessages.copyLink }).count()).toBe(0);
    // A version 8 single license has no search-product installers.
    expect(await card(page, DOWNLOAD_CARD_TITLES.oneClickInstaller).count()).toBe(0);
  });

  it('downloads a one-click installer of a platform with its latest version', async () => {
    await publish('metasearch', '3.4.1', 'Linux-Installer', 'linux-deb');
    const { page } = await openDownloads({ properties: { class: 'personal', size: 1 } });
    await card(page, DOWNLOAD_CARD_TITLES.oneClickInstaller).click();
    const debian = dialog(page).getByRole('region', { name: 'Linux (DEB-Paket)' });
    await debian.getByText(downloadMessages.latestVersion('3.4.1')).waitFor();
    // Not published: the card says so and offers no link.
    const mac = dialog(page).getByRole('region', { name: 'macOS' });
    await mac.getByText(downloadMessages.notPublished).waitFor();
    expect(await mac.getByRole('button', { name: downloadMessages.generateLink }).isDisabled()).toBe(true);
    // Seven „Download-Link erzeugen” on one page, each named for its platform.
    const names = await dialog(page)
      .getByRole('button', { name: downloadMessages.generateLink })
      .evaluateAll((buttons) => buttons.map((button) => button.textContent));
    expect(names.length).toBeGreaterThanOrEqual(7);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain(`${downloadMessages.generateLink}: Linux (DEB-Paket)`);
    expect(await generateAndDownload(page, debian)).toBe('Linux-Installer');
  });

  it('names the product in the 403 message, and shows search-product link failures as a toast', async () => {
    await publish('metasearch', '3.4.1', 'x', 'windows');
    const { page, license } = await openDownloads({ properties: { class: 'pro', size: 2 } });
    await page.route('**/api/v1/license/*/download/software/url', (route) =>
      route.fulfill(errorEnvelope(403, 'FORBIDDEN', 'Fehlende Berechtigung')),
    );
    await card(page, DOWNLOAD_CARD_TITLES.mainDownload).click();
    await dialog(page).getByRole('button', { name: downloadMessages.generateLink }).click();
    const text = await errorBoxText(page);
    expect(text).toContain(downloadMessages.errorTitle);
    expect(text).toContain(
      downloadMessages.forbidden(downloadTitle({ product: 'software' }, license.version)),
    );
    await page.keyboard.press('Escape');

    await page.route('**/api/v1/product/metasearch/platform/windows/download-link', (route) =>
      route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Interner Fehler')),
    );
    await card(page, DOWNLOAD_CARD_TITLES.oneClickInstaller).click();
    const windows = dialog(page).getByRole('region', { name: 'Windows', exact: true });
    await windows.getByText(downloadMessages.latestVersion('3.4.1')).waitFor();
    await windows.getByRole('button', { name: downloadMessages.generateLink }).click();
    await page.getByText(downloadMessages.searchLinkToastTitle).waitFor();
    // The toast goes after five seconds; the box in the installer's region stays, with the focus.
    const box = windows.getByRole('alert').filter({ hasText: downloadMessages.internalError });
    await box.waitFor();
    await expect.poll(() => box.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('sends an unbound license to binding instead of the download area', async () => {
    const { page } = await openDownloads({ properties: { class: 'pro', size: 5 } }, { bound: false });
    await waitForPath(page, '/');
    await page.getByRole('form', { name: 'Lizenz binden' }).waitFor();
    expect(await page.getByRole('link', { name: 'Download' }).count()).toBe(0);
  });
});
