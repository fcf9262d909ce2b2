import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { setupBrowser, type OpenOptions } from '@/test/browser';
import { errorEnvelope, waitForPath } from '@/test/page';
import { adminToken, bindLicense, createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

const CUSTOMER_PAGES = ['/download', '/terms'];
const ADMIN_PAGES = ['/backend', '/backend/license'];

const signedInLicense = async () =>
  licenseToken(
    browser.server,
    await bindLicense(browser.server, await createLicense(browser.server), { name: 'Anna Beispiel' }),
  );

const failingUserLoad: OpenOptions = {
  token: 'a-token',
  prepare: (page) =>
    page.route('**/api/v1/auth/user', (route) =>
      route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Fehler')),
    ),
};

/** The server answers with a user type the app does not know. */
const otherUserType: OpenOptions = {
  token: 'a-token',
  prepare: (page) =>
    page.route('**/api/v1/auth/user', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ data: { user: { type: 'reseller', _id: 'x', name: 'x' } } }),
      }),
    ),
};

/** Visits each address in one browser context and expects the redirect to `target`. */
async function expectRedirects(addresses: string[], target: string, options: OpenOptions = {}) {
  const [first, ...others] = addresses;
  const page = await browser.open(first!, options);
  await waitForPath(page, target);
  for (const address of others) {
    await page.goto(address);
    await waitForPath(page, target);
  }
  return page;
}

const loginForm = (page: Page) => page.getByLabel('Lizenzschlüssel', { exact: true }).waitFor();

describe('customer pages (/download, /terms)', () => {
  it('nobody signed in → /login', async () => {
    await loginForm(await expectRedirects(CUSTOMER_PAGES, '/login'));
  });

  it('an admin → /backend', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/backend/license', { token: await adminToken(browser.server) });
  });

  it('loading the user fails → /login', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/login', failingUserLoad);
  });

  it('another user type → /login', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/login', otherUserType);
  });

  it('an expired or invalid token → /login', async () => {
    await loginForm(await expectRedirects(['/terms'], '/login', { token: 'not-a-valid-token' }));
  });

  it('a license user sees them', async () => {
    const page = await browser.open('/terms', { token: await signedInLicense() });
    await page.getByRole('heading', { name: 'Nutzungsbedingungen' }).waitFor();
    await page.goto('/download');
    await page.getByRole('heading', { name: 'Download' }).waitFor();
  });
});

describe('the start page /', () => {
  it('shows the login to visitors', async () => {
    const page = await browser.open('/');
    await loginForm(page);
    await waitForPath(page, '/');
  });

  it('shows "Meine Lizenz" to a license user', async () => {
    const page = await browser.open('/', { token: await signedInLicense() });
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  });

  it('sends an admin to /backend', async () => {
    await expectRedirects(['/'], '/backend/license', { token: await adminToken(browser.server) });
  });

  it('sends to /login when loading the user fails', async () => {
    await expectRedirects(['/'], '/login', failingUserLoad);
  });
});

describe('admin pages (/backend/**)', () => {
  it('nobody signed in → /backend/login', async () => {
    const page = await expectRedirects(ADMIN_PAGES, '/backend/login');
    await page.getByLabel('Benutzername', { exact: true }).waitFor();
  });

  it('a license user → /', async () => {
    const page = await expectRedirects(ADMIN_PAGES, '/', { token: await signedInLicense() });
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  });

  it('loading the user fails → /backend/login', async () => {
    await expectRedirects(ADMIN_PAGES, '/backend/login', failingUserLoad);
  });

  it('another user type → /login', async () => {
    await expectRedirects(ADMIN_PAGES, '/login', otherUserType);
  });

  it('an expired or invalid token → /backend/login', async () => {
    await expectRedirects(['/backend/license'], '/backend/login', { token: 'not-a-valid-token' });
  });

  it('an admin sees the back office; /backend leads to the license list', async () => {
    const page = await expectRedirects(['/backend'], '/backend/license', {
      token: await adminToken(browser.server),
    });
    await page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
  });
});

describe('open pages', () => {
  it('need no login: /login, /backend/login, /imprint.html, /datenschutz, /hilfe, /lizenz-wiederherstellen', async () => {
    const page = await browser.open('/login');
    for (const [address, heading] of [
      ['/login', 'Anmeldung'],
      ['/backend/login', 'Anmeldung Verwaltung'],
      ['/imprint.html', 'Impressum'],
      ['/datenschutz', 'Datenschutz'],
      ['/hilfe', 'Hilfe'],
      ['/lizenz-wiederherstellen', 'Lizenzdokument erneut zusenden'],
    ] as const) {
      await page.goto(address);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await waitForPath(page, address);
    }
  });

  it('an unknown address shows "Seite nicht gefunden"', async () => {
    const page = await browser.open('/gibt-es-nicht');
    await page.getByRole('heading', { name: 'Seite nicht gefunden' }).waitFor();
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await waitForPath(page, '/');
  });
});
