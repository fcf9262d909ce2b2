import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { waitForPath } from '@/test/page';
import { adminToken, bindLicense, createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

/** The focused element as a keyboard user meets it: its role-ish tag and its text or label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()}: ${name.replace(/\s+/g, ' ')}`;
  });

describe('keyboard and focus', () => {
  it('a keyboard-only sign-in lands on the page heading, next to navigation and logout', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await browser.open('/login');
    await page.getByRole('heading', { name: 'Anmeldung' }).waitFor();

    // Skip link, portal name, then the key field.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Zum Inhalt springen');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(license.key);
    await page.getByLabel('Name des Lizenznehmers', { exact: true }).waitFor();
    // The focus stays where the user typed (WCAG 3.2.2); Tab reaches the holder name next.
    const isFocused = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement);
    expect(await isFocused('Lizenzschlüssel')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused('Name des Lizenznehmers')).toBe(true);
    await page.keyboard.type('Anna Beispiel');
    await page.keyboard.press('Enter');

    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
    await expect.poll(() => focused(page)).toBe('h1: Meine Lizenz');
    // Forwards: the page's content; backwards: logout and navigation, without a detour.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Zum Download-Bereich');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toBe('button: Anna Beispiel abmelden');
    for (const link of ['Nutzungsbedingungen', 'Download', 'Meine Lizenz']) {
      await page.keyboard.press('Shift+Tab');
      expect(await focused(page)).toBe(`a: ${link}`);
    }
  });

  it('every navigation moves the focus to the new page heading', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
    await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
    await page.getByRole('link', { name: 'Nutzungsbedingungen' }).press('Enter');
    await waitForPath(page, '/terms');
    await expect.poll(() => focused(page)).toBe('h1: Nutzungsbedingungen');
  });

  it('a page opened by its address leaves the focus at the start, where the skip link comes first', async () => {
    const page = await browser.open('/hilfe');
    // The heading shows while the page's files load (decision 058): the page is there with its first question.
    await page.getByRole('button', { name: 'Wo finde ich Lizenzschlüssel und Startcode?' }).waitFor();
    expect(await focused(page)).toBe('body');

    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(await focused(page)).toBe('a: Zum Inhalt springen');
    // Shown while focused, inside the window.
    const box = await skipLink.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.height).toBeGreaterThan(10);

    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatch(/^main: /);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button: Wo finde ich Lizenzschlüssel und Startcode?');
  });

  it('paging a list keeps the focus on the page buttons', async () => {
    await createLicense(browser.server, { count: 25 });
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.getByText('1–20 von 25', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Seite 2' }).press('Enter');
    await page.getByText('21–25 von 25', { exact: true }).waitFor();
    expect(await focused(page)).toBe('button: Seite 2');
  });

  it('a focused input shows a ring, not just another border colour', async () => {
    const page = await browser.open('/login');
    const key = page.getByLabel('Lizenzschlüssel', { exact: true });
    await key.focus();
    const outline = await key.evaluate((input) => {
      const style = getComputedStyle(input);
      return { style: style.outlineStyle, width: style.outlineWidth };
    });
    expect(outline).toEqual({ style: 'solid', width: '2px' });
  });

  it('the password field shows a ring round its box while its input has the focus', async () => {
    const page = await browser.open('/backend/login');
    const password = page.getByLabel('Passwort', { exact: true });
    // What the user sees: the field's box with room for the ring around it, before and after Tab.
    const box = (await password.evaluate((input) => {
      const { x, y, width, height } = input.closest('.mantine-PasswordInput-input')!.getBoundingClientRect();
      return { x: x - 6, y: y - 6, width: width + 12, height: height + 12 };
    })) as { x: number; y: number; width: number; height: number };
    await page.getByLabel('Benutzername').focus();
    const unfocused = await page.screenshot({ clip: box });
    await page.keyboard.press('Tab');
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    const focused = await page.screenshot({ clip: box });
    expect(focused.equals(unfocused)).toBe(false);
  });
});
