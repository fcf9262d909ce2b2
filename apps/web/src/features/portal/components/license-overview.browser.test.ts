import { formatLicenseKey, formatStartCode } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { waitForPath } from '@/test/page';
import { bindLicense, createLicense, licenseToken, type HolderInput } from '@/test/seed';

const browser = setupBrowser();

type LicenseInput = Parameters<typeof createLicense>[1];

async function openOverview(input: LicenseInput, holder?: HolderInput) {
  const created = await createLicense(browser.server, input);
  const license = holder ? await bindLicense(browser.server, created, holder) : created;
  const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
  await page.getByRole('heading', { name: 'Meine Lizenz' }).waitFor();
  return { page, license };
}

/** The license box as label → value: each row's header and its cell, as assistive technology reads them. */
async function facts(page: Page): Promise<Record<string, string>> {
  const rows = await page.getByRole('row').all();
  const entries = await Promise.all(
    rows.map(async (row) => {
      const headers = await row.getByRole('rowheader').allTextContents();
      const cells = await row.getByRole('cell').allTextContents();
      expect({ headers: headers.length, cells: cells.length }).toEqual({ headers: 1, cells: 1 });
      return [headers[0]!, cells[0]!] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('"Meine Lizenz"', () => {
  it('shows an unbound license with its start code and the note that it is not bound yet', async () => {
    const { page, license } = await openOverview({ properties: { class: 'pro', size: 10, dvdCount: 2 } });
    await page.getByRole('heading', { name: 'Pro-Lizenz · Version 9' }).waitFor();
    expect(await facts(page)).toEqual({
      Lizenzart: 'Vollversion',
      Lizenzklasse: 'Pro-Lizenz',
      Auslieferung: 'Download',
      Größe: '10 Arbeitsplätze',
      'DVD-Anzahl': '2',
      Lizenzschlüssel: formatLicenseKey(license.key),
      Startcode: formatStartCode(license.startCode),
      'Lizenznehmer-Typ': 'Noch nicht festgelegt',
    });
    await page.getByText('Ihre Lizenz ist noch nicht gebunden').waitFor();
    await page.getByRole('form', { name: 'Lizenz binden' }).waitFor();
    expect(await page.getByText(/in Kürze/).count()).toBe(0);
  });

  it('shows a bound download license with its holder, thanks and a way to the download area', async () => {
    const { page } = await openOverview(
      { properties: { class: 'pro', size: 3 } },
      {
        name: 'Schule am See',
        email: 'it@schule.example',
        holderType: 'organization',
        contact: 'Jonas Çelik',
      },
    );
    const shown = await facts(page);
    expect(shown).not.toHaveProperty('Startcode');
    expect(shown).toMatchObject({
      'Lizenznehmer-Typ': 'Organisation',
      'Name des Lizenznehmers': 'Schule am See',
      'E-Mail': 'it@schule.example',
      Ansprechpartner: 'Jonas Çelik',
    });
    await page.getByText('Vielen Dank, dass Sie Ihre Lizenz registriert haben!').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Zum Download-Bereich' }).click();
    await waitForPath(page, '/download');
  });

  it('tells a DVD license that it has no download right but eases updates', async () => {
    const { page } = await openOverview(
      { properties: { class: 'personal', size: 1, delivery: 'dvd', dvdCount: 1 } },
      { name: 'Anna Beispiel' },
    );
    expect((await facts(page))['DVD-Anzahl']).toBe('1');
    await page
      .getByText('Eine DVD-Lizenz enthält kein Download-Recht, erleichtert Ihnen aber spätere Updates.')
      .waitFor();
    await page.getByText('One-Click-Installer der Suchsoftware').waitFor();
  });

  it('advertises version 9 to a version 8 license and shows no DVD count or holder type', async () => {
    const { page } = await openOverview(
      { version: '8', properties: { class: 'single' } },
      { name: 'Anna Beispiel' },
    );
    await page.getByText('Jetzt auf Version 9 umsteigen').waitFor();
    const shop = page.getByRole('link', { name: 'Zum Shop' });
    expect(await shop.getAttribute('href')).toBe(browser.server.config.shop.url);
    const shown = await facts(page);
    expect(shown).not.toHaveProperty('DVD-Anzahl');
    expect(shown).not.toHaveProperty('Lizenznehmer-Typ');
  });
});

describe('terms of use', () => {
  it('shows the version 9 terms with general, personal and pro sections', async () => {
    const { page } = await openOverview({}, { name: 'Anna Beispiel' });
    await page.getByRole('link', { name: 'Nutzungsbedingungen' }).click();
    for (const section of ['A. Allgemeine Bestimmungen', 'B. Persönliche Lizenz', 'C. Pro-Lizenz']) {
      await page.getByRole('heading', { name: section }).waitFor();
    }
    await page.getByText('höchstens in einer Größe von 250 × 250 Pixeln').waitFor();
    await page.getByText('höchstens ein Drittel der zugeordneten Arbeitsplätze').waitFor();
  });

  it('shows the version 8 terms', async () => {
    const { page } = await openOverview(
      { version: '8', properties: { class: 'single' } },
      { name: 'Anna Beispiel' },
    );
    await page.getByRole('link', { name: 'Nutzungsbedingungen' }).click();
    await page.getByText('Nutzungsbedingungen für Version 8').waitFor();
    await page.getByText('höchstens in einer Größe von 200 × 200 Pixeln').waitFor();
    expect(await page.getByRole('heading', { name: 'C. Pro-Lizenz' }).count()).toBe(0);
  });
});

describe('download area', () => {
  it('asks to accept the terms first: "Weiter" only once accepted', async () => {
    const { page } = await openOverview({}, { name: 'Anna Beispiel' });
    await page.goto('/download');
    const next = page.getByRole('button', { name: 'Weiter' });
    await next.waitFor();
    expect(await next.isDisabled()).toBe(true);

    await page.getByLabel('Ich habe die Nutzungsbedingungen gelesen und akzeptiere sie.').check();
    await next.click();
    await waitForPath(page, '/download', '?didAcceptTerms=true');
    await page.getByRole('heading', { name: 'Download der Software' }).waitFor();
  });

  it('skips the terms when they were accepted already', async () => {
    const { page } = await openOverview({}, { name: 'Anna Beispiel' });
    await page.goto('/download?didAcceptTerms=true');
    await page.getByRole('heading', { name: 'Download der Software' }).waitFor();
    expect(await page.getByRole('button', { name: 'Weiter' }).count()).toBe(0);
  });
});
