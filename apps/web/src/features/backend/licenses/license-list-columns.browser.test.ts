import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLicenseKey, formatStartCode, type License } from '@lizenzportal/domain';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense } from '@/test/seed';
import { setLicenseRow } from '@lizenzportal/server/testing';

/** An admin page of orders unlike the default, so the link can only come from `SHOP_ORDER_URL`. */
const browser = setupBrowser({ SHOP_ORDER_URL: 'https://laden.test/admin/bestellung/{id}/bearbeiten' });

async function openList(address = '/backend/license') {
  const page = await browser.open(address, { token: await adminToken(browser.server) });
  await page.getByRole('heading', { name: 'Alle Lizenzen' }).waitFor();
  return page;
}

/** The table row of a license, found by the key it shows. */
const row = (page: Page, license: License) =>
  page
    .locator('tbody')
    .getByRole('row')
    .filter({ hasText: formatLicenseKey(license.key) });

const licenses = {
  update: (id: string, changes: Parameters<typeof setLicenseRow>[2]) =>
    setLicenseRow(browser.server.app.services.database.db, id, changes),
};

describe('license list columns', () => {
  it('disables the download of absent documents, and shows „-” for a bound license without starter document', async () => {
    const empty = await createLicense(browser.server);
    const started = await createLicense(browser.server);
    await browser.server.app.services.documents.documents.generate('starter', started._id);
    const bound = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await openList();
    await page.getByText('1–3 von 3', { exact: true }).waitFor();

    const emptyRow = row(page, empty);
    expect(await emptyRow.getByRole('button', { name: 'Kein Startdokument vorhanden' }).isDisabled()).toBe(
      true,
    );
    expect(await emptyRow.getByRole('button', { name: 'Kein Lizenzdokument vorhanden' }).isDisabled()).toBe(
      true,
    );

    const startedRow = row(page, started);
    expect(await startedRow.getByRole('button', { name: 'Startdokument herunterladen' }).isEnabled()).toBe(
      true,
    );
    expect(await startedRow.getByRole('button', { name: 'Kein Lizenzdokument vorhanden' }).isDisabled()).toBe(
      true,
    );

    const boundRow = row(page, bound);
    await boundRow.getByText('-', { exact: true }).waitFor();
    expect(await boundRow.getByRole('button', { name: /Startdokument/ }).count()).toBe(0);
    expect(await boundRow.getByRole('button', { name: 'Kein Lizenzdokument vorhanden' }).isDisabled()).toBe(
      true,
    );
  });

  it('names a document button in a tooltip while the pointer is over it', async () => {
    const license = await createLicense(browser.server);
    const page = await openList();
    const button = row(page, license).getByRole('button', { name: 'Kein Lizenzdokument vorhanden' });
    expect(await page.getByRole('tooltip').count()).toBe(0);
    await button.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('Kein Lizenzdokument vorhanden');
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  });

  it("links an order's tag to the shop's admin page of that order", async () => {
    const ordered = await createLicense(browser.server);
    await licenses.update(ordered._id, { type_of_entry: 'order', entry_reference: '4711' });
    const manual = await createLicense(browser.server);
    const page = await openList();

    const link = row(page, ordered).getByRole('link', { name: 'Bestellung 4711 im Shop öffnen' });
    expect(await link.getAttribute('href')).toBe('https://laden.test/admin/bestellung/4711/bearbeiten');
    expect(await link.getAttribute('target')).toBe('_blank');
    // Its name starts with the visible tag (WCAG 2.5.3) and says that it opens a new tab.
    expect((await link.textContent())?.replace(/\s+/g, ' ')).toBe(
      'order: Bestellung 4711 im Shop öffnen (öffnet in neuem Tab)',
    );
    await row(page, manual).getByText('user', { exact: true }).waitFor();
    // The spec's English tags are marked English, so a screen reader does not read them as German.
    expect(await link.locator('[lang="en"]').innerText()).toBe('order');
    expect(await row(page, manual).locator('[lang="en"]').innerText()).toBe('user');
    expect(
      await row(page, manual)
        .getByRole('link', { name: /im Shop öffnen/ })
        .count(),
    ).toBe(0);
  });

  it("shows a bound license's holder in a tag of at most 50 characters, the full name on hover", async () => {
    const longName = 'Arbeitsgemeinschaft der Förderschulen im Landkreis Konstanz e. V.';
    const long = await bindLicense(browser.server, await createLicense(browser.server), { name: longName });
    const short = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Anna Beispiel',
    });
    const page = await openList();

    await row(page, short).getByText('Anna Beispiel', { exact: true }).waitFor();
    const tag = row(page, long).getByTitle(longName);
    const shown = await tag.innerText();
    expect(shown.length).toBeLessThanOrEqual(50);
    expect(shown.endsWith('…')).toBe(true);
    expect(longName.startsWith(shown.slice(0, -1))).toBe(true);
  });

  it('links a license to the license it was updated to', async () => {
    const successor = await createLicense(browser.server);
    const updated = await createLicense(browser.server);
    await licenses.update(updated._id, { updated_to_license: successor._id });
    const page = await openList();

    expect(await row(page, successor).getByRole('link', { name: 'Nachfolger' }).count()).toBe(0);
    await row(page, updated).getByRole('link', { name: 'Nachfolger' }).click();
    await page.getByRole('heading', { name: `Details der Lizenz ${successor._id}` }).waitFor();
  });

  it('opens a row to show the facts an admin looks up most, and leads to the detail page', async () => {
    const license = await bindLicense(
      browser.server,
      await createLicense(browser.server, { notes: 'Messe' }),
      {
        name: 'Anna Beispiel',
        email: 'anna@example.com',
      },
    );
    const page = await openList();
    const key = formatLicenseKey(license.key);

    const opener = page.getByRole('button', { name: `Details zu ${key} anzeigen` });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    await opener.click();
    const closer = page.getByRole('button', { name: `Details zu ${key} ausblenden` });
    expect(await closer.getAttribute('aria-expanded')).toBe('true');

    const details = page.locator('dl');
    const fact = (label: string) =>
      details
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd')
        .innerText();
    expect(await fact('Startcode')).toBe(formatStartCode(license.startCode));
    expect(await fact('E-Mail')).toBe('anna@example.com');
    expect(await fact('Bestellnummer oder Ersteller')).toBe('browser-test');
    expect(await fact('Notizen')).toBe('Messe');

    await closer.click();
    await details.waitFor({ state: 'hidden' });
    await opener.click();
    await page.getByRole('link', { name: 'Details der Lizenz öffnen' }).click();
    await page.getByRole('heading', { name: `Details der Lizenz ${license._id}` }).waitFor();
  });

  it('copies the start code from an opened row', async () => {
    const license = await createLicense(browser.server);
    const page = await openList();
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.server.url });
    await page.getByRole('button', { name: `Details zu ${formatLicenseKey(license.key)} anzeigen` }).click();
    await page.getByRole('button', { name: 'Startcode kopieren' }).click();
    await page.getByRole('alert').filter({ hasText: 'in Zwischenablage kopiert' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      formatStartCode(license.startCode),
    );
    for (const name of ['Lizenzschlüssel kopieren', 'Authentifizierungscode kopieren', 'ID kopieren']) {
      await page.getByRole('button', { name }).waitFor();
    }
  });
});
