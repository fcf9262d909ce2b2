import { credentialFieldMessages, loginMessages } from '@lizenzportal/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { createLicense } from '@/test/seed';

const browser = setupBrowser();

const keyInput = (page: Page) => page.getByLabel('Lizenzschlüssel', { exact: true });

/** The texts the field's `aria-describedby` names, in its order. */
const descriptions = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? `missing #${id}`),
  );

describe('the login names the field an error is about', () => {
  it('marks an unknown key invalid and describes it by the error, until the key changes', async () => {
    const page = await browser.open('/login');
    const key = keyInput(page);
    expect(await key.getAttribute('aria-invalid')).toBeNull();
    await key.fill('ABCD-EFGH-JKLM');
    await page.getByRole('alert').filter({ hasText: loginMessages.statusNotFound }).waitFor();
    await expect.poll(() => key.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptions(key)).toEqual([loginMessages.statusNotFound, credentialFieldMessages.keyHint]);

    await key.fill('ABCD-EFGH');
    await expect.poll(() => key.getAttribute('aria-invalid')).toBeNull();
    expect(await descriptions(key)).toEqual([credentialFieldMessages.keyHint]);
  });

  it('marks a wrong start code invalid, not the key', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/login');
    await keyInput(page).fill(license.key);
    const code = page.getByLabel('Startcode', { exact: true });
    await code.fill(license.startCode === '111111' ? '222222' : '111111');
    await page.getByRole('button', { name: 'Weiter' }).click();
    await page.getByRole('alert').filter({ hasText: loginMessages.invalidStartCode }).waitFor();
    await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
    expect((await descriptions(code))[0]).toBe(loginMessages.invalidStartCode);
    expect(await keyInput(page).getAttribute('aria-invalid')).toBeNull();
  });
});
