import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

/** What the visitor sees where a guard sends them. */
type Sight = (page: Page) => Promise<unknown>;

const loginForm: Sight = (page) => page.getByLabel('Lizenzschlüssel', { exact: true }).waitFor();
const adminLoginForm: Sight = (page) => page.getByLabel('Benutzername', { exact: true }).waitFor();
const licenseList: Sight = (page) => page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
const overview: Sight = (page) => page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();
const myLicense: Sight = (page) => page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();

/**
 * Visits each address in one browser context and expects the redirect to `target`, where the
 * visitor sees what `sees` waits for (not only the address).
 */
async function expectRedirects(addresses: string[], target: string, sees: Sight, options: OpenOptions = {}) {
  const [first, ...others] = addresses;
  const page = await browser.open(first!, options);
  await waitForPath(page, target);
  await sees(page);
  for (const address of others) {
    await page.goto(address);
    await waitForPath(page, target);
    await sees(page);
  }
  return page;
}

describe('customer pages (/download, /terms)', () => {
  it('nobody signed in → /login', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/login', loginForm);
  });

  it('an admin → /backend', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/backend', overview, {
      token: await adminToken(browser.server),
    });
  });

  it('loading the user fails → /login', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/login', loginForm, failingUserLoad);
  });

  it('another user type → /login', async () => {
    await expectRedirects(CUSTOMER_PAGES, '/login', loginForm, otherUserType);
  });

  it('an expired or invalid token → /login', async () => {
    await expectRedirects(['/terms'], '/login', loginForm, { token: 'not-a-valid-token' });
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
    await expectRedirects(['/'], '/backend', overview, {
      token: await adminToken(browser.server),
    });
  });

  it('sends to /login when loading the user fails', async () => {
    await expectRedirects(['/'], '/login', loginForm, failingUserLoad);
  });
});

describe('admin pages (/backend/**)', () => {
  it('nobody signed in → /backend/login', async () => {
    await expectRedirects(ADMIN_PAGES, '/backend/login', adminLoginForm);
  });

  it('a license user → /', async () => {
    await expectRedirects(ADMIN_PAGES, '/', myLicense, { token: await signedInLicense() });
  });

  it('loading the user fails → /backend/login', async () => {
    await expectRedirects(ADMIN_PAGES, '/backend/login', adminLoginForm, failingUserLoad);
  });

  it('another user type → /login', async () => {
    await expectRedirects(ADMIN_PAGES, '/login', loginForm, otherUserType);
  });

  it('an expired or invalid token → /backend/login', async () => {
    await expectRedirects(['/backend/license'], '/backend/login', adminLoginForm, {
      token: 'not-a-valid-token',
    });
  });

  it('an admin sees the back office: /backend is its overview, the license list stays at /backend/license', async () => {
    const token = await adminToken(browser.server);
    await expectRedirects(['/backend'], '/backend', overview, { token });
    await expectRedirects(['/backend/license'], '/backend/license', licenseList, { token });
  });
});

/** Holds the answer about the user until the test lets it go, answered by `answer`. */
function heldUserLoad(answer: (route: Route) => Promise<void>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const prepare = (page: Page) =>
    page.route('**/api/v1/auth/user', async (route) => {
      await released;
      await answer(route);
    });
  return { prepare, release };
}

describe('a returning admin (decision 068)', () => {
  it('sees the page and its heading before the server has answered about the user', async () => {
    const held = heldUserLoad((route) => route.continue());
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: held.prepare,
    });
    await licenseList(page);
    held.release();
    await page.getByRole('button', { name: 'Filter hinzufügen' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/backend/license');
  });

  it('whose token the server no longer takes is sent to the login once it has answered', async () => {
    const held = heldUserLoad((route) =>
      route.fulfill(errorEnvelope(401, 'AUTHENTICATION_REQUIRED', 'Bitte melden Sie sich an.')),
    );
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: held.prepare,
    });
    await licenseList(page);
    held.release();
    await waitForPath(page, '/backend/login');
    await adminLoginForm(page);
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
