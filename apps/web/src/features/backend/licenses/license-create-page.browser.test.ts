import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { waitForPath } from '@/test/page';
import { adminToken } from '@/test/seed';

const browser = setupBrowser();

describe('the create page /backend/license/create', () => {
  it("creates with the list modal's form and rules, opens the new license, and leads back to the overview", async () => {
    const page = await browser.open('/backend/license/create', { token: await adminToken(browser.server) });
    await page.getByRole('heading', { name: 'Neue Lizenz(en) anlegen' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Lizenzklasse' }).inputValue()).toBe('Pro-Lizenz');
    const size = page.getByRole('textbox', { name: 'Größe' });
    await size.fill('');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await page.getByText('Bitte machen Sie eine Angabe für „Größe”.').waitFor();

    await size.fill('12');
    await page.getByRole('textbox', { name: 'Notizen' }).fill('Förderschule am Hang');
    await page.getByRole('checkbox', { name: 'Startdokumente erzeugen' }).uncheck();
    await page.getByRole('button', { name: 'Anlegen' }).click();
    await page.getByText('1 Lizenz angelegt').waitFor();
    await page.getByRole('heading', { name: /^Details der Lizenz / }).waitFor();
    const id = new URL(page.url()).pathname.replace('/backend/license/', '');
    const license = await browser.server.app.services.licenses.findById(id);
    expect(license).toMatchObject({ size: 12, notes: 'Förderschule am Hang', starter_document: null });

    await page.goto('/backend/license/create');
    // „Zurück zur Übersicht” leads to /backend (back-office spec §2), the back office's „Übersicht”.
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await waitForPath(page, '/backend/');
    await page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();
  });
});
