import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLicenseKey } from '@lizenzportal/domain';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();

async function openList(address = '/backend/license') {
  const page = await browser.open(address, { token: await adminToken(browser.server) });
  await page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
  return page;
}

const range = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

/** Clicks what starts a download and returns the downloaded file's name and bytes. */
async function download(page: Page, start: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), start()]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(filePath) };
}

describe('license list actions', () => {
  it('creates three licenses with the form in a modal', async () => {
    const page = await openList();
    await page.getByText('Keine Lizenzen gefunden').waitFor();
    // The form loads with the dialog, not with the list.
    const formScripts = () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/create-licenses-form-')).length,
      );
    expect(await formScripts()).toBe(0);
    await page.getByRole('button', { name: 'Neue Lizenz(en) anlegen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Lizenz(en) anlegen' });
    // The spec's defaults.
    expect(await dialog.getByRole('combobox', { name: 'Version' }).inputValue()).toBe('Version 9');
    expect(await formScripts()).toBeGreaterThan(0);
    expect(await dialog.getByRole('combobox', { name: 'Lizenzklasse' }).inputValue()).toBe('Pro-Lizenz');
    expect(await dialog.getByRole('textbox', { name: 'Größe' }).inputValue()).toBe('1');
    expect(await dialog.getByRole('checkbox', { name: 'Startdokumente erzeugen' }).isChecked()).toBe(true);
    // Download licenses get the download permission automatically.
    const downloadPermission = dialog.getByRole('checkbox', { name: 'Download' });
    expect(await downloadPermission.isChecked()).toBe(true);
    expect(await downloadPermission.isDisabled()).toBe(true);

    const count = dialog.getByRole('textbox', { name: 'Anzahl der Lizenzen' });
    await count.fill('51');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await dialog.getByText('Bitte legen Sie zwischen 1 und 50 Lizenzen an.').waitFor();

    await count.fill('3');
    await dialog.getByRole('textbox', { name: 'Notizen' }).fill('Messe Leipzig');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await page.getByText('3 Lizenzen angelegt').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await range(page, '1–3 von 3');
    await expect.poll(() => page.locator('tbody').getByText('user', { exact: true }).count()).toBe(3);
  });

  it('offers multi-actions from two selected licenses and downloads their starter documents as one ZIP', async () => {
    const licenses = [];
    for (let index = 0; index < 3; index++) {
      const license = await createLicense(browser.server);
      await browser.server.app.services.documents.documents.generate('starter', license._id);
      licenses.push(license);
    }
    const page = await openList();
    await range(page, '1–3 von 3');
    await page.getByRole('switch', { name: 'Mehrfachauswahl' }).check();
    const actions = page.getByRole('button', { name: /^Aktionen für/ });
    await page.getByRole('checkbox', { name: `${formatLicenseKey(licenses[0]!.key)} auswählen` }).check();
    expect(await actions.isDisabled()).toBe(true);
    await page.getByText('Für Aktionen mindestens 2 Lizenzen auswählen.').waitFor();
    for (const license of licenses.slice(1)) {
      await page.getByRole('checkbox', { name: `${formatLicenseKey(license.key)} auswählen` }).check();
    }
    await page.getByRole('button', { name: 'Aktionen für 3 ausgewählte' }).click();
    const file = await download(page, () =>
      page.getByRole('menuitem', { name: 'Startdokumente als ZIP' }).click(),
    );
    expect(file.name).toMatch(/^\d{4}-\d{2}-\d{2}_Startdokumente\.zip$/);
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    // One central-directory entry per license.
    expect(file.bytes.toString('latin1').split('PK\u0001\u0002').length - 1).toBe(3);
  });

  it('exports the filtered list as CSV', async () => {
    const kept = await createLicense(browser.server, { notes: 'Förderzentrum Nord' });
    const other = await createLicense(browser.server, { notes: 'Praxis Süd' });
    const page = await openList('/backend/license?filter=notes~contains~Nord');
    await range(page, '1–1 von 1');
    const file = await download(page, () =>
      page.getByRole('button', { name: 'Liste als CSV exportieren' }).click(),
    );
    expect(file.name).toMatch(/^\d{4}-\d{2}-\d{2}_Lizenzen\.csv$/);
    const text = file.bytes.toString('utf8');
    expect(text).toContain('Lizenzschlüssel;Startcode;Version;Status');
    expect(text).toContain(formatLicenseKey(kept.key));
    expect(text).toContain('Förderzentrum Nord');
    expect(text).not.toContain(formatLicenseKey(other.key));
  });
});
