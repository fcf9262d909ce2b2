import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken } from '@/test/seed';

const browser = setupBrowser();

/** Space above and below each button's label text, in px, as drawn. */
async function labelSpacing(buttons: Locator): Promise<{ text: string; above: number; below: number }[]> {
  return buttons.evaluateAll((roots) =>
    roots.map((root) => {
      const box = root.getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents(root.querySelector('.mantine-Button-label')!);
      const label = text.getBoundingClientRect();
      return {
        text: root.textContent ?? '',
        above: Math.round(label.top - box.top),
        below: Math.round(box.bottom - label.bottom),
      };
    }),
  );
}

const focusedOutline = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement!;
    return { tag: focused.tagName, outline: getComputedStyle(focused).outlineStyle };
  });

describe('focus rings and button labels', () => {
  it('centres the label of link-style buttons as of real buttons: the back office navigation', async () => {
    const page = await browser.open('/backend', { token: await adminToken(browser.server) });
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Übersicht' }).waitFor();
    const spacing = await labelSpacing(header.locator('.mantine-Button-root'));
    // Navigation links and the sign-out button alike.
    expect(spacing.length).toBeGreaterThan(2);
    for (const button of spacing)
      expect(Math.abs(button.above - button.below), button.text).toBeLessThanOrEqual(1);
  });

  it('draws no ring around a heading that takes the focus for screen readers, but around controls', async () => {
    const page = await browser.open('/m9-assistent');
    const start = page.getByRole('button', { name: /^Assistent starten/ });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Wohin geht die Rechnung?' }).waitFor();
    await expect.poll(() => focusedOutline(page)).toEqual({ tag: 'H2', outline: 'none' });
    await page.keyboard.press('Tab');
    const control = await focusedOutline(page);
    expect(control.tag).toBe('BUTTON');
    expect(control.outline).not.toBe('none');
  });
});
