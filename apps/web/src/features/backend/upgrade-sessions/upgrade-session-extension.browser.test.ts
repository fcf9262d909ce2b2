import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatLicenseKey, type BeforeExtension } from '@lizenzportal/domain';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense, createUpgradeSession } from '@/test/seed';
import { setLicenseRow, UpgradeSessionRepository } from '@lizenzportal/server/testing';

const browser = setupBrowser();

/**
 * An extension as its order generation leaves it: a bound pro license of 4 seats and 1 DVD grown
 * to 6 seats with one DVD more, the session completed, with the license as it was before.
 */
async function extendedLicense() {
  const license = await bindLicense(
    browser.server,
    await createLicense(browser.server, { version: '9', properties: { class: 'pro', size: 4, dvdCount: 1 } }),
    {
      name: 'Förderschule am See',
      email: 'schule@example.com',
      holderType: 'organization',
      contact: 'Frau Yılmaz',
    },
  );
  const beforeExtension: BeforeExtension = {
    properties: { class: 'pro', type: 'full', size: 4, delivery: 'download', dvdCount: 1 },
    holder: {
      holderType: 'organization',
      name: 'Förderschule am See',
      email: 'schule@example.com',
      contact: 'Frau Yılmaz',
    },
  };
  await setLicenseRow(browser.server.app.services.database.db, license._id, {
    size: 6,
    dvd_count: 2,
    holder_email: 'sekretariat@example.com',
    extension_sku: 'M9-PRO',
  });
  const session = await createUpgradeSession(browser.server);
  await new UpgradeSessionRepository(browser.server.database.db).update(session._id, {
    purchase_type: 'extension',
    from_version: '9',
    original_licenses: [license._id],
    original_seats: 4,
    status: 'completed',
    before_extension: JSON.stringify(beforeExtension),
    product_license: license._id,
  });
  return { license, session };
}

/** The value of a fact (a term and its definition) in a panel. */
const fact = (panel: Locator, label: string) =>
  panel
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd')
    .innerText();

describe('an extension session', () => {
  it("shows the license's properties and holder before the extension and the new license's after it", async () => {
    const { license, session } = await extendedLicense();
    const page = await browser.open(`/backend/upgrade-session/${session._id}`, {
      token: await adminToken(browser.server),
    });
    await page.getByRole('heading', { name: 'Upgrade-Session' }).waitFor();
    // The licenses it names by their keys, each linked to its page.
    for (const panel of ['Ursprüngliche Lizenzen', 'Erzeugte Lizenz']) {
      const link = page
        .getByRole('region', { name: panel })
        .getByRole('link', { name: formatLicenseKey(license.key) });
      expect(await link.getAttribute('href')).toBe(`/backend/license/${license._id}`);
    }

    const before = page.getByRole('region', { name: 'Vor der Erweiterung' });
    await before.waitFor();
    expect(await fact(before, 'Lizenzklasse')).toBe('Pro-Lizenz');
    expect(await fact(before, 'Lizenzart')).toBe('Vollversion');
    expect(await fact(before, 'Größe')).toBe('4');
    expect(await fact(before, 'Auslieferung')).toBe('Download');
    expect(await fact(before, 'DVD-Anzahl')).toBe('1');
    expect(await fact(before, 'Lizenznehmer-Typ')).toBe('Organisation');
    expect(await fact(before, 'Name des Lizenznehmers')).toBe('Förderschule am See');
    expect(await fact(before, 'E-Mail')).toBe('schule@example.com');
    expect(await fact(before, 'Ansprechpartner')).toBe('Frau Yılmaz');

    const after = page.getByRole('region', { name: 'Nach der Erweiterung' });
    await after.getByText('sekretariat@example.com').waitFor();
    expect(await fact(after, 'Lizenzklasse')).toBe('Pro-Lizenz');
    expect(await fact(after, 'Lizenzart')).toBe('Vollversion');
    expect(await fact(after, 'Größe')).toBe('6');
    expect(await fact(after, 'Auslieferung')).toBe('Download');
    expect(await fact(after, 'DVD-Anzahl')).toBe('2');
    expect(await fact(after, 'Lizenznehmer-Typ')).toBe('Organisation');
    expect(await fact(after, 'Name des Lizenznehmers')).toBe('Förderschule am See');
    expect(await fact(after, 'Ansprechpartner')).toBe('Frau Yılmaz');
  });

  it('shows no extension panels for other sessions', async () => {
    const session = await createUpgradeSession(browser.server);
    const page = await browser.open(`/backend/upgrade-session/${session._id}`, {
      token: await adminToken(browser.server),
    });
    await page.getByRole('region', { name: 'Erzeugte Lizenz' }).waitFor();
    expect(await page.getByRole('region', { name: 'Vor der Erweiterung' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Nach der Erweiterung' }).count()).toBe(0);
  });
});
