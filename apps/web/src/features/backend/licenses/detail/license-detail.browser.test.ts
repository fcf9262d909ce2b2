import { licensePageMessages } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense } from '@/test/seed';

const browser = setupBrowser();

async function openDetail(id: string) {
  const page = await browser.open(`/backend/license/${id}`, { token: await adminToken(browser.server) });
  await page.getByRole('heading', { name: `Details der Lizenz ${id}` }).waitFor();
  await page.getByRole('button', { name: 'Bearbeiten' }).waitFor();
  return page;
}

const holderName = (page: Page) => page.getByRole('textbox', { name: 'Name des Lizenznehmers' });

describe('license detail', () => {
  it('edits the holder, warns about the login, and discards the changes', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
      email: 'anna@example.com',
    });
    const page = await openDetail(license._id);
    const holder = page.getByRole('region', { name: 'Lizenznehmer' });
    await holder.getByText('Anna Beispiel').waitFor();

    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    await holderName(page).fill('Berta Muster');
    // The code the holder types at login still is the old name.
    await page.getByText('Login möglicherweise nicht möglich').waitFor();
    await page.getByRole('button', { name: 'Änderungen verwerfen' }).click();
    await holder.getByText('Anna Beispiel').waitFor();
    expect(await page.getByText('Login möglicherweise nicht möglich').count()).toBe(0);

    await page.getByRole('button', { name: 'Bearbeiten' }).click();
    await holderName(page).fill('Berta Muster');
    await page.getByRole('button', { name: 'Namen als Authentifizierungscode übernehmen' }).click();
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('keine-adresse');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Angabe für das Feld „E-Mail” ist ungültig.').first().waitFor();
    await page.getByRole('textbox', { name: 'E-Mail' }).fill('berta@example.com');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Lizenz aktualisiert').waitFor();
    await holder.getByText('Berta Muster').waitFor();
    expect(await page.getByText('Login möglicherweise nicht möglich').count()).toBe(0);

    // The audit trail names the admin and each field before and after.
    await page.getByRole('tab', { name: 'Änderungsprotokoll' }).click();
    await page.getByText('Bearbeitet').waitFor();
    await page.getByText('von verwaltung').first().waitFor();
    await page.getByText('Name des Lizenznehmers: Anna Beispiel → Berta Muster').waitFor();
    await page.getByText('E-Mail: anna@example.com → berta@example.com').waitFor();
  });

  it('refuses the second of two conflicting saves and keeps its inputs', async () => {
    const license = await createLicense(browser.server);
    const first = await openDetail(license._id);
    const second = await openDetail(license._id);
    for (const page of [first, second]) await page.getByRole('button', { name: 'Bearbeiten' }).click();

    await first.getByRole('textbox', { name: 'Notizen' }).fill('Rechnung an Schulträger');
    await first.getByRole('button', { name: 'Speichern' }).click();
    await first.getByText('Lizenz aktualisiert').waitFor();

    await second.getByRole('textbox', { name: 'Notizen' }).fill('Rechnung an Förderverein');
    await second.getByRole('button', { name: 'Speichern' }).click();
    await second
      .getByText(/Die Lizenz wurde inzwischen geändert/)
      .first()
      .waitFor();
    expect(await second.getByRole('textbox', { name: 'Notizen' }).inputValue()).toBe(
      'Rechnung an Förderverein',
    );
    const stored = await browser.server.app.services.licenses.findById(license._id);
    expect(stored?.notes).toBe('Rechnung an Schulträger');

    // The current version loaded, the typed note stays (as the box promised), and the notice says
    // what the other side wrote there.
    await second.getByRole('button', { name: 'Aktuelle Fassung laden' }).click();
    await second
      .getByRole('status')
      .filter({ hasText: licensePageMessages.changedThereToo('Notizen', 'Rechnung an Schulträger') })
      .waitFor();
    expect(await second.getByRole('textbox', { name: 'Notizen' }).inputValue()).toBe(
      'Rechnung an Förderverein',
    );
    await second.getByRole('button', { name: 'Speichern' }).click();
    await second.getByRole('region', { name: 'Notizen' }).getByText('Rechnung an Förderverein').waitFor();
  });
});
