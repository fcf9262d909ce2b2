import {
  backOfficeMessages,
  CLOSE_NOTIFICATION_LABEL,
  licensePageMessages,
  validationMessages,
} from '@lizenzportal/domain';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();

/** The texts the field's `aria-describedby` names. */
const descriptions = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim()),
  );

const isFocused = (input: Locator) => input.evaluate((element) => element === document.activeElement);

async function openDetail() {
  const license = await createLicense(browser.server);
  const page = await browser.open(`/backend/license/${license._id}`, {
    token: await adminToken(browser.server),
  });
  await page.getByRole('heading', { name: `Details der Lizenz ${license._id}` }).waitFor();
  return page;
}

describe('the license detail for pointer and keyboard users', () => {
  it('draws every copy button at least 24 × 24 CSS pixels (WCAG 2.5.8)', async () => {
    const page = await openDetail();
    const buttons = page.getByRole('button', { name: / kopieren$/ });
    await buttons.first().waitFor();
    const boxes = await Promise.all((await buttons.all()).map((button) => button.boundingBox()));
    // ID, key, start code and authentication code.
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    for (const box of boxes) {
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
  });

  it('keeps a toast while the focus is in it, and lets it go five seconds after the focus left', async () => {
    const page = await openDetail();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: backOfficeMessages.copy('Lizenzschlüssel') }).click();
    const toast = page.getByRole('alert').filter({ hasText: backOfficeMessages.copied });
    await toast.waitFor();
    await toast.getByRole('button', { name: CLOSE_NOTIFICATION_LABEL }).focus();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(6000);
    expect(await toast.isVisible()).toBe(true);

    // Gone once the focus left and the toast's five seconds passed.
    await page.getByRole('button', { name: 'Bearbeiten' }).focus();
    await toast.waitFor({ state: 'detached', timeout: 9000 });
  });

  it('names a refused field by its German label, marks it and leads to it', async () => {
    const page = await openDetail();
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const successor = page.getByRole('textbox', { name: 'Aktualisiert auf Lizenz', exact: true });
    const save = page.getByRole('button', { name: 'Speichern' });

    // Checked before sending: the label the editor shows, not the API's key.
    await successor.fill('kaputt');
    await save.click();
    const invalid = validationMessages.invalid('Aktualisiert auf Lizenz');
    await page.getByRole('link', { name: invalid }).waitFor();
    expect(await successor.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptions(successor)).toContain(invalid);
    await page.getByRole('link', { name: invalid }).click();
    expect(await isFocused(successor)).toBe(true);

    // Refused by the server (no such license): the answer names the field, the form marks it.
    await successor.fill('7d1e4b1e-1b5e-4c1e-9a1e-1b5e4c1e9a1e');
    await save.click();
    const toField = page.getByRole('link', { name: licensePageMessages.toField('Aktualisiert auf Lizenz') });
    await toField.waitFor();
    await expect.poll(() => successor.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptions(successor)).toContain(backOfficeMessages.successorMissing);
    await toField.click();
    expect(await isFocused(successor)).toBe(true);

    // Changing the field takes the server's word back.
    await successor.fill('');
    await expect.poll(() => successor.getAttribute('aria-invalid')).toBeNull();
    expect(await toField.count()).toBe(0);
  });
});
