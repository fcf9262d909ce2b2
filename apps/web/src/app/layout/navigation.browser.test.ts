import { formatLicenseKey } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { waitForPath } from '@/test/page';
import { ADMIN, adminToken, bindLicense, createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

const licenseLinks = async (page: Page) =>
  page
    .getByRole('navigation', { name: 'Lizenz' })
    .getByRole('link')
    .allInnerTexts()
    .catch(() => []);

async function openAsBoundLicense(input: Parameters<typeof createLicense>[1] = {}) {
  const license = await bindLicense(browser.server, await createLicense(browser.server, input), {
    name: 'Anna Beispiel',
  });
  const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
  await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  return page;
}

describe('navigation bar', () => {
  it('shows the license links to a bound license, with the holder name on the logout button', async () => {
    const page = await openAsBoundLicense();
    expect(await licenseLinks(page)).toEqual(['Meine Lizenz', 'Download', 'Nutzungsbedingungen']);
    expect(await page.getByRole('link', { name: 'Meine Lizenz' }).getAttribute('aria-current')).toBe('page');

    await page.getByRole('link', { name: 'Nutzungsbedingungen' }).click();
    await page.getByRole('heading', { name: 'Nutzungsbedingungen' }).waitFor();
    await page.getByRole('button', { name: 'Anna Beispiel abmelden' }).waitFor();
  });

  it('leaves out "Download" when the license has nothing to download', async () => {
    const page = await openAsBoundLicense({ version: '8', properties: { class: 'single', delivery: 'dvd' } });
    expect(await licenseLinks(page)).toEqual(['Meine Lizenz', 'Nutzungsbedingungen']);
  });

  it('shows no license links to an unbound license; the logout button shows the key', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Lizenz' }).count()).toBe(0);
    await page.getByRole('button', { name: `${formatLicenseKey(license.key)} abmelden` }).waitFor();
  });

  it('logs a license out to /login, signed out for good', async () => {
    const page = await openAsBoundLicense();
    await page.getByRole('button', { name: 'Anna Beispiel abmelden' }).click();
    await waitForPath(page, '/login');
    await expect.poll(() => page.getByRole('button', { name: /abmelden/ }).count()).toBe(0);

    await page.goto('/terms');
    await waitForPath(page, '/login');
  });

  it('shows no logout button to visitors', async () => {
    const page = await browser.open('/hilfe');
    await page.getByRole('heading', { name: 'Hilfe' }).waitFor();
    expect(await page.getByRole('button', { name: /abmelden/ }).count()).toBe(0);
  });
});

describe('back-office navigation bar', () => {
  it('links the admin pages; the logout button shows the admin name and leads to /login', async () => {
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
    const links = page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link');
    expect(await links.allInnerTexts()).toEqual([
      'Übersicht',
      'Lizenzen',
      'Shop-Generierungen',
      'Versand-Aktionen',
      'Upgrade-Sessions',
      'Downloads',
      'Auskunft',
    ]);
    // The overview's link is marked on the overview alone, a list's on its pages.
    const current = (name: string) =>
      page
        .getByRole('navigation', { name: 'Verwaltung' })
        .getByRole('link', { name, exact: true })
        .getAttribute('aria-current');
    expect(await current('Lizenzen')).toBe('page');
    expect(await current('Übersicht')).toBeNull();
    await links.getByText('Übersicht').click();
    await page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();
    expect(await current('Übersicht')).toBe('page');
    expect(await current('Lizenzen')).toBeNull();
    await links.getByText('Versand-Aktionen').click();
    await page.getByRole('heading', { name: 'Alle Versand-Aktionen' }).waitFor();
    await page.getByText('Keine Auslieferungen').waitFor();

    await page.getByRole('button', { name: `${ADMIN.username} abmelden` }).click();
    await waitForPath(page, '/login');
    await page.goto('/backend/license');
    await waitForPath(page, '/backend/login');
  });
});

describe('footer', () => {
  it('links privacy, imprint and the shop', async () => {
    const page = await browser.open('/login');
    const footer = page.getByRole('navigation', { name: 'Rechtliches' });
    await footer.getByRole('link', { name: 'Shop' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/datenschutz');
    expect(await footer.getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe(
      browser.server.config.shop.url,
    );
    await footer.getByRole('link', { name: 'Impressum' }).click();
    await waitForPath(page, '/imprint.html');
    await page.getByText(browser.server.config.vendor.name).waitFor();
    await page.getByRole('link', { name: browser.server.config.mail.supportEmail }).waitFor();
  });
});

describe('cookie banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Hinweis zur Speicherung' });

  it('is shown until accepted, and stays away after reloading', async () => {
    const page = await browser.open('/login', { cookieConsent: false });
    await banner(page).waitFor();
    await page.getByRole('button', { name: 'Verstanden' }).click();
    await banner(page).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: 'Anmeldung' }).waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('comes first, and neither covers the focus nor meets a toast at 1280 and 360 px', async () => {
    // A token the server refuses: the toast „Abgemeldet” appears while the banner is open.
    const page = await browser.open('/login', { cookieConsent: false, token: 'abgelaufen.ungültig.x' });
    const toast = page.getByRole('alert').filter({ hasText: 'Abgemeldet' });
    await toast.waitFor();
    for (const size of [
      { width: 1280, height: 757 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(size);
      const [over, under] = [await banner(page).boundingBox(), await toast.boundingBox()];
      const overlap =
        over!.x < under!.x + under!.width &&
        under!.x < over!.x + over!.width &&
        over!.y < under!.y + under!.height &&
        under!.y < over!.y + over!.height;
      expect(overlap, `banner and toast overlap at ${size.width} px`).toBe(false);
    }
    // The first Tab reaches the banner, before the skip link and the page.
    await page.keyboard.press('Tab');
    expect(await banner(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    // In the page's flow, not fixed: it covers nothing the focus reaches (the sweep measures that).
    expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe('static');
  });

  it('is not shown on the assistant route', async () => {
    const page = await browser.open('/m9-assistent', { cookieConsent: false });
    await page.getByRole('heading').first().waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});
