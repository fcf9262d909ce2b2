import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense, recordDownload } from '@/test/seed';

const browser = setupBrowser();

const PERSON = { name: 'Lea Hoffmann', email: 'lea.hoffmann@praxis.example' };

describe('„Auskunft” in the back office', { timeout: 120_000 }, () => {
  it('finds a person by e-mail address, shows each table with its count, downloads the same as JSON, and erases what the dialog says', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), PERSON);
    await recordDownload(browser.server, license);
    await browser.server.database.db
      .insertInto('holder_contact_change')
      .values({ license: license._id, contact: null, email: PERSON.email, expires_at: new Date() })
      .execute();
    const page = await browser.open('/backend', { token: await adminToken(browser.server) });
    await page.getByRole('link', { name: 'Auskunft' }).click();
    await page.getByRole('heading', { level: 1, name: 'Auskunft über gespeicherte Daten' }).waitFor();

    // Too short: the field says why, nothing is asked.
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Name' }).fill('le');
    await page.getByRole('button', { name: 'Auskunft erstellen' }).click();
    await page
      .getByText('Bitte geben Sie eine E-Mail-Adresse oder einen Namen mit mindestens 3 Zeichen ein.')
      .waitFor();

    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Name' }).fill(PERSON.email.toUpperCase());
    await page.getByRole('button', { name: 'Auskunft erstellen' }).click();
    const result = page.getByRole('region', {
      name: `Gespeicherte Daten zu „${PERSON.email.toUpperCase()}”`,
    });
    const licenses = result.getByRole('region', { name: 'Lizenzen und Lizenznehmer (1)' });
    await licenses.getByText(license.key).waitFor();
    await licenses.getByText(PERSON.name).first().waitFor();
    await result.getByRole('region', { name: 'Downloads (1)' }).waitFor();
    await result.getByRole('region', { name: 'Kontaktänderungen (1)' }).waitFor();
    await result
      .getByRole('region', { name: 'Importierte Zeilen (0)' })
      .getByText('Keine Einträge.')
      .waitFor();

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Als JSON herunterladen' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^auskunft-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await fs.readFile((await file.path())!, 'utf8'));
    const licenseRows = saved.sections.find((section: { kind: string }) => section.kind === 'licenses').rows;
    expect(licenseRows).toEqual([expect.objectContaining({ id: license._id, holder_email: PERSON.email })]);

    // The erasure's dialog says what goes and what stays, from the erasure's preview.
    await result.getByRole('button', { name: 'Löschen / Anonymisieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Löschen / Anonymisieren' });
    await dialog.getByText('1 Kontaktänderung', { exact: true }).waitFor();
    await dialog.getByText(/^1 Lizenz in Gebrauch mit ihrem Lizenznehmer/).waitFor();
    await dialog.getByText(/^1 Download der Lizenzen/).waitFor();
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await page.getByText('1 Eintrag gelöscht oder anonymisiert.').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    // The Auskunft, asked again, shows what stays.
    await result
      .getByRole('region', { name: 'Kontaktänderungen (0)' })
      .getByText('Keine Einträge.')
      .waitFor();
    await result.getByRole('region', { name: 'Lizenzen und Lizenznehmer (1)' }).waitFor();
  });

  it('a name also searches the e-mail addresses of the licenses it finds, and says which', async () => {
    await bindLicense(browser.server, await createLicense(browser.server), PERSON);
    const page = await browser.open('/backend/personal-data', { token: await adminToken(browser.server) });
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Name' }).fill(PERSON.name);
    await page.getByRole('button', { name: 'Auskunft erstellen' }).click();
    await page
      .getByText(
        `Auch gesucht unter den E-Mail-Adressen der gefundenen Lizenzen und ihrer Kontaktänderungen: ${PERSON.email}.`,
      )
      .waitFor();
  });

  it('says so when the portal stores nothing about the person', async () => {
    const page = await browser.open('/backend/personal-data', { token: await adminToken(browser.server) });
    await page.getByRole('textbox', { name: 'E-Mail-Adresse oder Name' }).fill('Niemand Bekanntes');
    await page.getByRole('button', { name: 'Auskunft erstellen' }).click();
    await page.getByText('Zu dieser Angabe speichert das Portal keine Daten.').waitFor();
  });
});
