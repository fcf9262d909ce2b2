import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { filterRulesLoader, heldScripts } from '@/test/page';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();

/** The accessible name of the focused element's combobox or textbox, by its role. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLInputElement | null;
    return active?.labels?.[0]?.textContent ?? active?.getAttribute('aria-label') ?? null;
  });

/** The scripts the page has loaded so far. */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js')),
  );

describe('the query builder', () => {
  it("loads its rows' controls with the first rule: a list opens without them", async () => {
    await createLicense(browser.server);
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    await page.locator('tbody').getByRole('row').first().waitFor();
    expect((await scripts(page)).filter((name) => name.includes('/filter-rules-'))).toEqual([]);
    await page.getByRole('button', { name: 'Filter hinzufügen' }).click();
    await page.getByRole('combobox', { name: 'Filter 1: Feld', exact: true }).waitFor();
    expect((await scripts(page)).filter((name) => name.includes('/filter-rules-'))).toHaveLength(1);
  });
  it('says that its rows are loading when a list opens with filters in its address', async () => {
    const rules = heldScripts(/\/assets\/filter-rules-[^/]+\.js$/, filterRulesLoader);
    const page = await browser.open('/backend/license?filter=notes~contains~Nord', {
      token: await adminToken(browser.server),
      prepare: rules.prepare,
    });
    await page.getByRole('combobox', { name: 'Filter 1: Feld', exact: true }).waitFor();
    expect(rules.seen()).toBe(true);
    expect(await filterRulesLoader(page).count()).toBe(0);
  });
});

describe('the query builder by keyboard', () => {
  it('puts the focus into the new filter row, whose controls have visible labels', async () => {
    await createLicense(browser.server);
    const page = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    // The list's first screen comes before its files and cannot be used yet (decision 078).
    await page.getByRole('table').waitFor();
    const add = page.getByRole('button', { name: 'Filter hinzufügen' });
    await add.focus();
    await page.keyboard.press('Enter');
    const field = page.getByRole('combobox', { name: 'Filter 1: Feld', exact: true });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await focusedName(page)).toBe('Filter 1: Feld');

    // The value field says what it is on screen, not only to screen readers.
    const value = page.getByRole('textbox', { name: 'Filter 1: Wert', exact: true });
    const label = await value.evaluate((input: HTMLInputElement) => {
      const element = input.labels?.[0];
      const box = element?.getBoundingClientRect();
      return {
        visible: element?.checkVisibility() ?? false,
        height: box?.height ?? 0,
        width: box?.width ?? 0,
      };
    });
    expect(label.visible).toBe(true);
    expect(label.height).toBeGreaterThan(10);
    expect(label.width).toBeGreaterThan(20);

    // The next row takes the focus in turn.
    await add.focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('combobox', { name: 'Filter 2: Feld', exact: true });
    await expect.poll(() => second.evaluate((input) => input === document.activeElement)).toBe(true);
  });
});
