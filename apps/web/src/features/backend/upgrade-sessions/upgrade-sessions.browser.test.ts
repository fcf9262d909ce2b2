import { formatOfferCode } from '@lizenzportal/domain';
import { describe, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createUpgradeSession } from '@/test/seed';
import { UpgradeSessionRepository } from '@lizenzportal/server/testing';

const browser = setupBrowser();

describe('upgrade sessions', () => {
  it('lists a session with its columns and opens its detail', async () => {
    const session = await createUpgradeSession(browser.server);
    const token = await adminToken(browser.server);
    const page = await browser.open('/backend/upgrade-session', { token });
    await page.getByRole('heading', { name: 'Alle Upgrade-Sessions' }).waitFor();
    const row = page.locator('tbody').getByRole('row').first();
    await row.getByText('Neukauf').waitFor();
    await row.getByText('Neu erstellt').waitFor();

    await page.goto(`/backend/upgrade-session/${session._id}`);
    await page.getByRole('heading', { name: 'Upgrade-Session' }).waitFor();
    await page.getByRole('region', { name: 'Erzeugte Lizenz' }).getByText('Keine Lizenz').waitFor();
    await page.getByRole('region', { name: 'Ursprüngliche Lizenzen' }).getByText('Keine Lizenzen').waitFor();
    await page.getByRole('tab', { name: 'JSON' }).click();
    await page.getByText(`"_id": "${session._id}"`).waitFor();
  });
});

describe('a reseller session bought in the shop', () => {
  it('names its buyer in the list and in its properties', async () => {
    const session = await createUpgradeSession(browser.server);
    // What the intake stores for an order of a session the assistant knew only the country of.
    await new UpgradeSessionRepository(browser.server.database.db).markPurchased(
      session._id,
      '4711',
      browser.server.database.db,
      { name: 'Lehrmittel Huber GmbH', email: 'bestellung@huber.example' },
    );
    const page = await browser.open('/backend/upgrade-session', { token: await adminToken(browser.server) });
    await page.getByRole('columnheader', { name: 'Rechnungsempfänger' }).waitFor();
    const row = page.locator('tbody').getByRole('row').first();
    await row.getByText('Lehrmittel Huber GmbH').waitFor();
    await row.getByText('bestellung@huber.example').waitFor();

    await page.goto(`/backend/upgrade-session/${session._id}`);
    const properties = page.getByRole('region', { name: 'Eigenschaften' });
    await properties.getByText('Lehrmittel Huber GmbH').waitFor();
    await properties.getByText('bestellung@huber.example').waitFor();
  });
});

describe('an upgrade session with an offer', () => {
  it('shows its panels, the offer with both addresses, and leads to its deliveries', async () => {
    const sessions = browser.server.app.services.upgradeSessions;
    const session = await createUpgradeSession(browser.server);
    const { session: offered, offerCode } = await sessions.createOffer(
      session._id,
      {
        billing: {
          name: 'Förderschule am See',
          additional1: 'Verwaltung',
          additional2: '',
          street: 'Seestraße',
          houseNumber: '1',
          postcode: '78462',
          city: 'Konstanz',
          countryCode: 'DE',
          email: 'schule@example.com',
          reference: 'Bestellung 2026/17',
          note: 'Bitte mit Rechnung per Post.',
        },
        shipToDifferentAddress: true,
        shipping: {
          name: 'Außenstelle Insel',
          additional1: '',
          additional2: '',
          street: 'Hafenweg',
          houseNumber: '7',
          postcode: '78479',
          city: 'Reichenau',
          countryCode: 'DE',
        },
      },
      '127.0.0.1',
    );

    const page = await browser.open(`/backend/upgrade-session/${session._id}`, {
      token: await adminToken(browser.server),
    });
    await page.getByRole('heading', { name: 'Upgrade-Session' }).waitFor();
    const properties = page.getByRole('region', { name: 'Eigenschaften' });
    await properties.getByText('Neukauf').waitFor();
    await properties.getByText('Angebot erstellt').waitFor();
    await page.getByRole('region', { name: 'Details' }).getByText('Pro-Lizenz').waitFor();
    const offer = page.getByRole('region', { name: 'Angebot' });
    await offer.getByText(offered.offerNumber!, { exact: true }).waitFor();
    // The code as the customer sees it, the addresses as a German letter writes them.
    await offer.getByText(formatOfferCode(offerCode), { exact: true }).waitFor();
    await offer.getByText('Bestellung 2026/17').waitFor();
    await offer.getByText('Bitte mit Rechnung per Post.').waitFor();
    await offer
      .getByText('Förderschule am See, Verwaltung, Seestraße 1, 78462 Konstanz, Deutschland')
      .waitFor();
    await offer.getByText('Außenstelle Insel, Hafenweg 7, 78479 Reichenau, Deutschland').waitFor();
    await offer.getByText('Ja', { exact: true }).waitFor();

    // The offer mail is a delivery of the session: the list filtered on it shows exactly that one.
    await properties.getByRole('link', { name: 'Auslieferungen dieser Upgrade-Session' }).click();
    await page.getByRole('heading', { name: 'Alle Versand-Aktionen' }).waitFor();
    await page.getByText('1–1 von 1', { exact: true }).waitFor();
    await page.locator('tbody').getByText('schule@example.com').waitFor();
  });
});
