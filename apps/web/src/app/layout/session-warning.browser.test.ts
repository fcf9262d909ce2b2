/**
 * The end of a sign-in (WCAG 2.2.1): warned in a dialog in time, extended by keyboard; unanswered,
 * the session ends and the login says so until the next sign-in, which returns to the page with
 * the edit the admin had begun. A short sign-in (40 s, warned 20 s before) stands in for 8 hours.
 */
import { sessionMessages } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { ADMIN, adminToken, createLicense } from '@/test/seed';

const SESSION_SECONDS = 40;
const browser = setupBrowser({ ADMIN_SESSION_SECONDS: String(SESSION_SECONDS) });

/** Waits as a user does: up to a whole sign-in and the page's load. */
const WAIT = { timeout: (SESSION_SECONDS + 15) * 1000 };

const tokenExpiry = (page: Page) =>
  page.evaluate(() => {
    const token = localStorage.getItem('user-token');
    return token ? (JSON.parse(atob(token.split('.')[1]!)) as { exp: number }).exp : null;
  });

describe('the end of a sign-in', () => {
  it('is warned of and extended by keyboard; unanswered, the login returns to the kept edit', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open(`/backend/license/${license._id}`, {
      token: await adminToken(browser.server),
    });
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const notes = page.getByRole('textbox', { name: 'Notizen', exact: true });
    await notes.fill('Rückruf erbeten');

    const warning = page.getByRole('dialog', { name: sessionMessages.expiringTitle });
    await warning.waitFor(WAIT);
    const extend = warning.getByRole('button', { name: sessionMessages.extend });
    await expect.poll(() => extend.evaluate((element) => element === document.activeElement)).toBe(true);
    const before = await tokenExpiry(page);
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => tokenExpiry(page)).toBeGreaterThan(before!);
    // The dialog gives the focus back to where the admin was typing.
    await expect.poll(() => notes.evaluate((element) => element === document.activeElement)).toBe(true);

    // Unanswered, the sign-in ends: the login says so and stays saying so.
    await warning.waitFor(WAIT);
    await page.waitForURL((url) => url.pathname === '/backend/login', WAIT);
    const notice = page.getByRole('status').filter({ hasText: sessionMessages.endedReturn });
    await notice.waitFor();
    await page.waitForTimeout(6000);
    expect(await notice.isVisible()).toBe(true);

    await page.getByLabel('Benutzername').fill(ADMIN.username);
    await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === `/backend/license/${license._id}`);
    await expect.poll(() => notes.inputValue()).toBe('Rückruf erbeten');
    await page.getByRole('button', { name: 'Speichern' }).click();
    // Saved: the page leaves its edit mode (the draft's text alone shows in the textarea too).
    await page.getByRole('button', { name: 'Bearbeiten' }).waitFor();
    await expect
      .poll(async () => (await browser.server.app.services.licenses.findById(license._id))?.notes)
      .toBe('Rückruf erbeten');
  }, 240_000);
});
