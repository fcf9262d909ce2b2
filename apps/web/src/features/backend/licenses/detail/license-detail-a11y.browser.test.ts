import {
  backOfficeMessages,
  CLOSE_NOTIFICATION_LABEL,
  licensePageMessages,
  validationMessages,
} from '@lizenzportal/domain';
import type { License } from '@lizenzportal/domain';
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
  const token = await adminToken(browser.server);
  const page = await browser.open(`/backend/license/${license._id}`, { token });
  await page.getByRole('heading', { name: `Details der Lizenz ${license._id}` }).waitFor();
  return { page, license, token };
}

/** Another tab's save: the license changes on the server while this page edits it. */
async function saveElsewhere(license: License, token: string, change: (license: License) => License) {
  const url = `${browser.server.url}/api/v1/license/${license._id}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const current = ((await (await fetch(url, { headers })).json()) as { data: { license: License } }).data
    .license;
  const response = await fetch(url, { method: 'PUT', headers, body: JSON.stringify(change(current)) });
  expect(response.status).toBe(200);
}

describe('the license detail for pointer and keyboard users', () => {
  it('draws every copy button at least 24 × 24 CSS pixels (WCAG 2.5.8)', async () => {
    const { page } = await openDetail();
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
    const { page } = await openDetail();
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
    const { page } = await openDetail();
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

  it('keeps the typed changes when a 409 is answered with „Aktuelle Fassung laden”, and the focus', async () => {
    const { page, license, token } = await openDetail();
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const notes = page.getByRole('textbox', { name: 'Notizen', exact: true });
    await notes.fill('Meine Notiz aus diesem Tab');
    // Meanwhile another tab saves a new contact.
    await saveElsewhere(license, token, (current) => ({
      ...current,
      holder: { ...current.holder, contact: 'Aus dem anderen Tab' },
    }));
    await page.getByRole('button', { name: 'Speichern' }).click();
    const conflict = page
      .getByRole('alert')
      .filter({ hasText: backOfficeMessages.licenseSaveFailed + licensePageMessages.changedMeanwhile });
    await conflict.waitFor();
    await conflict.getByText(licensePageMessages.inputKept, { exact: false }).waitFor();

    // Pressed by keyboard: the form stays in edit mode with the typed note on the current version.
    await conflict.getByRole('button', { name: licensePageMessages.loadCurrentVersion }).focus();
    await page.keyboard.press('Enter');
    const notice = page.getByRole('status').filter({ hasText: licensePageMessages.currentVersionLoaded });
    await notice.waitFor();
    expect(await notice.innerText()).toContain(licensePageMessages.changesCarriedOver(['Notizen']));
    await expect.poll(() => isFocused(notice)).toBe(true);
    expect(await notes.inputValue()).toBe('Meine Notiz aus diesem Tab');
    expect(await page.getByRole('textbox', { name: 'Ansprechpartner', exact: true }).inputValue()).toBe(
      'Aus dem anderen Tab',
    );

    // Saved again, both changes are kept.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('button', { name: 'Bearbeiten' }).waitFor();
    await page.getByText('Meine Notiz aus diesem Tab').waitFor();
    await page.getByText('Aus dem anderen Tab').first().waitFor();
  });

  it('lets the keyboard clear a select that may be empty, by a named button', async () => {
    const { page } = await openDetail();
    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    const type = page.getByRole('combobox', { name: 'Lizenznehmer-Typ' });
    await type.click();
    await page.getByRole('option', { name: 'Organisation' }).click();
    const clear = page.getByRole('button', { name: licensePageMessages.clearField('Lizenznehmer-Typ') });
    await type.focus();
    await page.keyboard.press('Tab');
    expect(await isFocused(clear)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => type.inputValue()).toBe('');
  });
});
