import {
  formatLicenseKey,
  formatStartCode,
  loginMessages,
  NO_CONNECTION_MESSAGE,
} from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope, waitForPath } from '@/test/page';
import { bindLicense, createLicense, disableLicense } from '@/test/seed';

const browser = setupBrowser();

const directLink = (key: string, code: string) =>
  `/login?${new URLSearchParams({ key, authenticationCode: code }).toString()}`;

/** Opens a direct link whose sign-in answers as the test says, and waits for the error box. */
async function failingDirectLogin(
  answer: Parameters<Page['route']>[1],
): Promise<{ page: Page; text: string }> {
  const license = await createLicense(browser.server);
  const page = await browser.open(directLink(license.key, license.startCode), {
    prepare: (page) => page.route('**/api/v1/auth/license', answer),
  });
  return { page, text: await errorBoxText(page) };
}

describe('direct login', () => {
  it('shows key and start code read-only and signs in at once', async () => {
    const license = await createLicense(browser.server);
    // The sign-in answer waits until the page has been checked.
    let release = () => {};
    const checked = new Promise<void>((resolve) => (release = resolve));
    const page = await browser.open(directLink(license.key, license.startCode), {
      prepare: (page) =>
        page.route('**/api/v1/auth/license', async (route) => {
          await checked;
          await route.continue();
        }),
    });
    await page.getByText('Anmeldung läuft').waitFor();

    const key = page.getByLabel('Lizenzschlüssel', { exact: true });
    const code = page.getByLabel('Startcode', { exact: true });
    expect(await key.inputValue()).toBe(formatLicenseKey(license.key));
    expect(await key.getAttribute('readonly')).not.toBeNull();
    expect(await code.inputValue()).toBe(formatStartCode(license.startCode));
    expect(await code.getAttribute('readonly')).not.toBeNull();

    release();
    await waitForPath(page, '/');
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  });

  it('signs in a bound license by holder name', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await browser.open(directLink(license.key, 'Anna Beispiel'));
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
    await page.getByRole('button', { name: 'Anna Beispiel abmelden' }).waitFor();
  });

  it('keeps working for old /direct-login links', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open(
      `/direct-login?key=${license.key}&authenticationCode=${license.startCode}`,
    );
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  });

  it('switches to the manual login without the link', async () => {
    const { page } = await failingDirectLogin((route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Zur manuellen Anmeldung' }).click();

    await waitForPath(page, '/login', '');
    const key = page.getByLabel('Lizenzschlüssel', { exact: true });
    // The address changes a moment before the manual form replaces the link's read-only one.
    await expect.poll(() => key.inputValue()).toBe('');
    expect(await key.getAttribute('readonly')).toBeNull();
    expect(await page.getByText('Anmeldung über den Direkt-Link fehlgeschlagen').count()).toBe(0);
  });
});

describe('direct login errors', () => {
  it('423: the license is registered; the updated document has the holder name', async () => {
    const unbound = await createLicense(browser.server);
    await bindLicense(browser.server, unbound, { name: 'Anna Beispiel' });
    const page = await browser.open(directLink(unbound.key, unbound.startCode));
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 423');
    expect(text).toContain(loginMessages.directAlreadyBound);
  });

  it('410: the license is deactivated', async () => {
    const license = await createLicense(browser.server);
    await disableLicense(browser.server, license);
    const page = await browser.open(directLink(license.key, license.startCode));
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 410');
    expect(text).toContain(loginMessages.deactivated);
  });

  it('other 4xx: the link is invalid', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open(directLink(license.key, 'falscher Name'));
    const text = await errorBoxText(page);
    expect(text).toContain('Fehler-Code 401');
    expect(text).toContain(loginMessages.directInvalid);
    expect(await page.getByRole('button', { name: 'Erneut versuchen' }).count()).toBe(0);
  });

  it('5xx: a server error', async () => {
    const { text } = await failingDirectLogin((route) =>
      route.fulfill(errorEnvelope(503, 'SERVICE_UNAVAILABLE', 'Nicht erreichbar')),
    );
    expect(text).toContain('Fehler-Code 503');
    expect(text).toContain(loginMessages.serverError);
  });

  it('no connection: says so and signs in on retry', async () => {
    const { page, text } = await failingDirectLogin((route) => route.abort('internetdisconnected'));
    // The tag, then the catalogue's message: „Keine Verbindung” once.
    expect(text).toContain(`Keine Verbindung ${NO_CONNECTION_MESSAGE}`);
    expect(text.split('Keine Verbindung')).toHaveLength(2);
    expect(text).not.toContain('Fehler-Code');

    await page.unroute('**/api/v1/auth/license');
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  });
});
