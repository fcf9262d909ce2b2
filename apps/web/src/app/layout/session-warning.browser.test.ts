/**
 * The end of a sign-in (WCAG 2.2.1): warned in a dialog in time, extended by keyboard; unanswered,
 * the session ends and the login says so until the next sign-in, which returns to the page with
 * the edit the admin had begun. A short sign-in (40 s, warned 20 s before) stands in for 8 hours.
 * The page's clock (Playwright's) jumps over the waits: its timers fire as they fall due, without
 * the test waiting a sign-in's length in real time.
 */
import { sessionMessages } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { ADMIN, adminToken, createLicense } from '@/test/seed';

const SESSION_SECONDS = 40;
const browser = setupBrowser({ ADMIN_SESSION_SECONDS: String(SESSION_SECONDS) });

/** How long before its end the short sign-in warns: half of it. */
const WARNING_SECONDS = SESSION_SECONDS / 2;

/**
 * Lets `seconds` pass for the page: its timers that fall due fire (once each). The server issues
 * and checks tokens in real time, which did not pass: the page's `Date` is then set back to the
 * server's, so that it schedules a new token's warning and end from the time the server issued it
 * (and never takes a token for ended that the server does not, nor the other way round).
 */
async function pass(page: Page, seconds: number) {
  await page.clock.fastForward(seconds * 1000);
  await page.clock.setSystemTime(Date.now());
}

/**
 * Waits (under a second) until a token the server issues ends later than one that ends at `exp`
 * (s): tokens end in whole seconds, and the real time the page's jumps did not pass could leave a
 * new token in the same second as the one before it, which the page would take for the same end.
 */
async function afterIssueOf(exp: number) {
  const wait = (exp - SESSION_SECONDS + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

const tokenExpiry = (page: Page) =>
  page.evaluate(() => {
    const token = localStorage.getItem('user-token');
    return token ? (JSON.parse(atob(token.split('.')[1]!)) as { exp: number }).exp : null;
  });

describe('the end of a sign-in', () => {
  // 60 s: above a page load's wait (the login's address), so that a step that never comes fails
  // with its own message.
  it('is warned of and extended by keyboard; unanswered, the login returns to the kept edit', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open(`/backend/license/${license._id}`, {
      token: await adminToken(browser.server),
      // The page's timers and `Date` from its first script on; they run in real time until the
      // test lets time pass.
      prepare: (page) => page.clock.install(),
    });
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const notes = page.getByRole('textbox', { name: 'Notizen', exact: true });
    await notes.fill('Rückruf erbeten');

    const warning = page.getByRole('dialog', { name: sessionMessages.expiringTitle });
    await pass(page, WARNING_SECONDS);
    await warning.waitFor();
    const extend = warning.getByRole('button', { name: sessionMessages.extend });
    await expect.poll(() => extend.evaluate((element) => element === document.activeElement)).toBe(true);
    const before = await tokenExpiry(page);
    await afterIssueOf(before!);
    await page.keyboard.press('Enter');
    await warning.waitFor({ state: 'detached' });
    await expect.poll(() => tokenExpiry(page)).toBeGreaterThan(before!);
    const extended = await tokenExpiry(page);
    // The dialog gives the focus back to where the admin was typing.
    await expect.poll(() => notes.evaluate((element) => element === document.activeElement)).toBe(true);

    // Unanswered, the sign-in ends: the login says so and stays saying so.
    await pass(page, WARNING_SECONDS);
    await warning.waitFor();
    await pass(page, WARNING_SECONDS);
    await page.waitForURL((url) => url.pathname === '/backend/login');
    const notice = page.getByRole('status').filter({ hasText: sessionMessages.endedReturn });
    await notice.waitFor();
    // Longer than a toast stays (5 s).
    await pass(page, 6);
    expect(await notice.isVisible()).toBe(true);

    await page.getByLabel('Benutzername').fill(ADMIN.username);
    await page.getByLabel('Passwort', { exact: true }).fill(ADMIN.password);
    await afterIssueOf(extended!);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((url) => url.pathname === `/backend/license/${license._id}`);
    await expect.poll(() => notes.inputValue()).toBe('Rückruf erbeten');
    await page.getByRole('button', { name: 'Speichern' }).click();
    // Saved: the page leaves its edit mode (the draft's text alone shows in the textarea too).
    await page.getByRole('button', { name: 'Bearbeiten' }).waitFor();
    await expect
      .poll(async () => (await browser.server.app.services.licenses.findById(license._id))?.notes)
      .toBe('Rückruf erbeten');
  }, 60_000);
});
