import { adminLoginMessages, fieldLabel, validationMessages } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBoxText, errorEnvelope, waitForPath } from '@/test/page';
import { ADMIN, createAdmin } from '@/test/seed';

const browser = setupBrowser();

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Benutzername', { exact: true }).fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

describe('back-office login', () => {
  it('signs an admin in and opens the overview', async () => {
    await createAdmin(browser.server);
    const page = await browser.open('/backend/login');
    await signIn(page, ADMIN.username, ADMIN.password);

    await waitForPath(page, '/backend');
    await page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();
    await page.getByRole('button', { name: `${ADMIN.username} abmelden` }).waitFor();
  });

  it('asks for both fields before calling the server', async () => {
    const page = await browser.open('/backend/login');
    await page.getByLabel('Benutzername', { exact: true }).press('Enter');
    await page.getByText(validationMessages.required(fieldLabel('username'))).waitFor();
    await page.getByText(validationMessages.required(fieldLabel('password'))).waitFor();
    // A field's error goes once it is changed; the other's stays.
    await page.getByLabel('Benutzername', { exact: true }).fill('admin');
    await page.getByText(validationMessages.required(fieldLabel('username'))).waitFor({ state: 'detached' });
    await page.getByText(validationMessages.required(fieldLabel('password'))).waitFor();
  });

  it('401: wrong user or password', async () => {
    await createAdmin(browser.server);
    const page = await browser.open('/backend/login');
    await signIn(page, ADMIN.username, 'falsches-passwort');
    const text = await errorBoxText(page);
    expect(text).toContain(adminLoginMessages.title.trim());
    expect(text).toContain('Fehler-Code 401');
    expect(text).toContain(adminLoginMessages.invalid);
  });

  it('5xx: an internal error', async () => {
    const page = await browser.open('/backend/login');
    await page.route('**/api/v1/auth/admin', (route) =>
      route.fulfill(errorEnvelope(500, 'INTERNAL_ERROR', 'Interner Fehler')),
    );
    await signIn(page, ADMIN.username, ADMIN.password);
    const text = await errorBoxText(page);
    expect(text).toContain(adminLoginMessages.title.trim());
    expect(text).toContain(adminLoginMessages.serverError);
  });

  it('no response: no connection', async () => {
    const page = await browser.open('/backend/login');
    await page.route('**/api/v1/auth/admin', (route) => route.abort('internetdisconnected'));
    await signIn(page, ADMIN.username, ADMIN.password);
    const text = await errorBoxText(page);
    expect(text).toContain(adminLoginMessages.title.trim());
    // The tag and the message read as the spec's sentence, „Keine Verbindung” once.
    expect(text).toContain(`Keine Verbindung ${adminLoginMessages.noConnection}`);
    expect(text.split('Keine Verbindung')).toHaveLength(2);
  });

  it('focuses the user name once the page is painted', async () => {
    const page = await browser.open('/backend/login', {
      prepare: (page) =>
        page.addInitScript(() => {
          const log = window as unknown as { focusedAt?: number };
          document.addEventListener('focusin', () => (log.focusedAt ??= performance.now()));
        }),
    });
    const username = page.getByLabel('Benutzername', { exact: true });
    await expect.poll(() => username.evaluate((input) => input === document.activeElement)).toBe(true);
    // Focused in the first render's task, the page was laid out there, before its first paint,
    // and Lighthouse counted that task into the largest paint (decision 059).
    const { focusedAt, firstPaint } = await page.evaluate(() => ({
      focusedAt: (window as unknown as { focusedAt: number }).focusedAt,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    }));
    expect(focusedAt).toBeGreaterThanOrEqual(firstPaint);
  });

  it('links back to the customer login', async () => {
    const page = await browser.open('/backend/login');
    await page.getByRole('link', { name: 'Zur Kunden-Anmeldung' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('Lizenzschlüssel', { exact: true }).waitFor();
  });
});
