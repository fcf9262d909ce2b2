import { ASSISTANT_PATH, deliveryFailureMessages, type License } from '@lizenzportal/domain';
import { OrderGenerationRepository, setLicenseRow, type TestServer } from '@lizenzportal/server/testing';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_SCRIPT, axeViolations } from '@/test/accessibility';
import { setupBrowser } from '@/test/browser';
import { waitForPath } from '@/test/page';
import {
  adminToken,
  createExpiringOffer,
  createLicense,
  createOrderGeneration,
  createUpgradeSession,
  licenseToken,
  offerSession,
  receivePaidOrder,
  recordDownload,
} from '@/test/seed';

const browser = setupBrowser();

async function openOverview(address = '/backend'): Promise<Page> {
  const page = await browser.open(address, { token: await adminToken(browser.server) });
  await page.getByRole('heading', { name: 'Übersicht', level: 1 }).waitFor();
  return page;
}

/** A failed order generation, a failed delivery, one in doubt, one resent since, an offer that runs out in 3 days. */
async function seedAttention(server: TestServer): Promise<void> {
  const { db } = server.database;
  const generation = await createOrderGeneration(server);
  await new OrderGenerationRepository(db).fail(generation, 'Unbekanntes Produkt');
  const license = await createLicense(server);
  const failedDelivery = async (recipient: string, error: string) => {
    const delivery = await server.app.services.deliveries.create({
      occasion: 'manual',
      documentType: 'starter',
      licenseIds: [license._id],
      recipient,
      recipientName: null,
    });
    await sql`update delivery set progress = 'failed', error = ${error} where id = ${delivery._id}`.execute(
      db,
    );
    return delivery._id;
  };
  await failedDelivery('fehler@example.com', '550 Postfach unbekannt');
  await failedDelivery('unklar@example.com', deliveryFailureMessages.handoverInDoubt);
  const resent = await failedDelivery('erledigt@example.com', '421 später');
  const again = await server.app.services.deliveries.create({
    occasion: 'manual',
    documentType: 'starter',
    licenseIds: [license._id],
    recipient: 'erledigt@example.com',
    recipientName: null,
  });
  await sql`update delivery set resent_from = ${resent} where id = ${again._id}`.execute(db);
  await createExpiringOffer(server);
}

describe('the overview /backend', () => {
  it('says all is well when nothing needs attention', async () => {
    const page = await openOverview();
    await page.getByRole('heading', { name: 'Braucht Aufmerksamkeit' }).waitFor();
    await page.getByText('Alles in Ordnung').waitFor();
  });

  it('opens the filtered list behind each count of „Braucht Aufmerksamkeit”', async () => {
    await seedAttention(browser.server);
    const page = await openOverview();
    const cases = [
      {
        count: '1 fehlgeschlagene Shop-Generierung',
        path: '/backend/order-generation',
        filter: 'progress~eq~failed',
        sees: page.getByRole('link', { name: '4711' }),
      },
      {
        count: '1 fehlgeschlagene Versand-Aktion',
        path: '/backend/delivery',
        filter: `progress~eq~failed__error~startswithnot~${deliveryFailureMessages.handoverInterrupted}__resent~eq~false`,
        sees: page.getByText('fehler@example.com'),
      },
      {
        count: '1 Versand-Aktion mit unklarem Ausgang',
        path: '/backend/delivery',
        filter: `progress~eq~failed__error~startswith~${deliveryFailureMessages.handoverInterrupted}__resent~eq~false`,
        sees: page.getByText('unklar@example.com'),
      },
      {
        count: '1 Angebot, das bald abläuft',
        path: '/backend/upgrade-session',
        filter: /^status~eq~offered__offerValidUntil~lte~\d\d\.\d\d\.\d\d$/,
        sees: page.getByText('A-2026-0001'),
      },
    ];
    for (const { count, path, filter, sees } of cases) {
      await page.getByRole('link', { name: count }).click();
      await waitForPath(page, path);
      expect(new URL(page.url()).searchParams.get('filter')).toMatch(filter);
      await sees.waitFor();
      // The list found exactly the record behind the count, and its query builder shows the filter.
      await page.getByText('1–1 von 1', { exact: true }).waitFor();
      await page.getByRole('combobox', { name: 'Filter 1: Feld' }).waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Braucht Aufmerksamkeit' }).waitFor();
    }
  });

  it('keeps the period in the address; the picker works with the arrow keys', async () => {
    const page = await openOverview();
    await page.getByRole('heading', { name: 'Bestellungen pro Woche' }).waitFor();
    const picker = page.getByRole('radiogroup', { name: 'Zeitraum' });
    await picker.getByRole('radio', { name: '26 Wochen' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('heading', { name: 'Bestellungen pro Tag' }).waitFor();
    expect(new URL(page.url()).search).toBe('?period=4w');
    expect(await picker.getByRole('radio', { name: '4 Wochen' }).isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('heading', { name: 'Neue Lizenzen pro Monat' }).waitFor();
    expect(new URL(page.url()).search).toBe('?period=12m');
    await page.goBack();
    await page.getByRole('heading', { name: 'Downloads pro Woche' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Umsatz (netto) pro Tag' }).waitFor();
    // A bookmarked period opens as it was.
    await page.goto('/backend?period=12m');
    await page.getByRole('heading', { name: 'Angebote pro Monat' }).waitFor();
    expect(await picker.getByRole('radio', { name: '12 Monate' }).isChecked()).toBe(true);
  });
});

/** Something for every figure today: an order, licenses (a v8 one updated), an offer, a download. */
async function seedFigures(server: TestServer): Promise<void> {
  await receivePaidOrder(server, 9001);
  const successor = await createLicense(server, { properties: { size: 3 } });
  const updated: License = await createLicense(server, {
    version: '8',
    properties: { class: 'multiple', size: 3 },
  });
  await createLicense(server, { version: '8', properties: { class: 'single', size: 1 } });
  await setLicenseRow(server.app.services.database.db, updated._id, {
    status: 'disabled',
    updated_to_license: successor._id,
  });
  await offerSession(server, await createUpgradeSession(server), {
    number: 'A-2026-0002',
    code: 'abcdefghm',
    madeDaysAgo: 0,
    validDays: 30,
  });
  await recordDownload(server, successor);
}

const FIGURE_TITLES = [
  'Bestellungen pro Woche',
  'Umsatz (netto) pro Woche',
  'Update-Kampagne auf Version 9',
  'Angebote pro Woche',
  'Neue Lizenzen pro Woche',
  'Downloads pro Woche',
];

describe('the figures', () => {
  it('each chart is hidden from screen readers, which read its table; the table tab links the records', async () => {
    await seedFigures(browser.server);
    const page = await browser.open('/backend', {
      token: await adminToken(browser.server),
      bypassCSP: true,
      prepare: (opened) => opened.addInitScript({ path: AXE_SCRIPT }),
    });
    for (const title of FIGURE_TITLES) {
      const figure = page.getByRole('region', { name: title });
      // The chart's drawing is there for the eye alone; its numbers are a table in the tree.
      await figure.locator('[aria-hidden="true"] svg.recharts-surface').first().waitFor();
      await figure.getByRole('table', { name: title }).waitFor();
      expect(await figure.locator('svg.recharts-surface:not([aria-hidden="true"] *)').count(), title).toBe(0);
      // The value axis names each tick once: counts of 0 and 1 make no „0 0 1 1 1”.
      // The value axis' ticks: the axis ticks that are numbers (the other axis names weeks, „KW 23”).
      const ticks = (
        await figure
          .locator('.recharts-cartesian-axis-tick-value')
          .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''))
      ).filter((text) => /^[\d.]+(\u00a0€)?$/.test(text));
      expect(ticks.length, title).toBeGreaterThan(1);
      expect(new Set(ticks).size, `${title}: ${ticks.join(' ')}`).toBe(ticks.length);
    }
    const orders = page.getByRole('region', { name: 'Bestellungen pro Woche' });
    await orders.getByText('Summe im Zeitraum').waitFor();
    expect(await orders.getByRole('group').innerText()).toContain('Neukauf: 1');
    const revenue = page.getByRole('region', { name: 'Umsatz (netto) pro Woche' });
    expect(await revenue.getByRole('group').innerText()).toContain('100,00\u00a0€');
    const campaign = page.getByRole('region', { name: 'Update-Kampagne auf Version 9' });
    expect((await campaign.getByRole('group').innerText()).replace(/\s+/g, ' ')).toContain(
      'Warten auf Update: 1 Auf Version 9 aktualisiert: 1 Anteil aktualisiert: 50 %',
    );

    // Every table shown passes axe as the charts do (the sweep checks the page as it opens).
    for (const title of FIGURE_TITLES) {
      await page.getByRole('region', { name: title }).getByRole('tab', { name: 'Tabelle' }).click();
    }
    expect(await axeViolations(page)).toEqual([]);

    // The table tab: this week's new order opens the order generations of its days and type.
    const table = orders.getByRole('table', { name: 'Bestellungen pro Woche' });
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(1 + 26 + 1);
    await table.getByRole('link', { name: '1' }).first().click();
    await waitForPath(page, '/backend/order-generation');
    expect(new URL(page.url()).searchParams.get('filter')).toMatch(
      /^createdAt~gte~\d\d\.\d\d\.\d\d__createdAt~lte~\d\d\.\d\d\.\d\d__purchaseType~eq~new$/,
    );
    await page.getByRole('link', { name: '9001' }).waitFor();
    await page.goBack();
    // Today's campaign levels open the license list with the campaign's filters.
    await campaign.getByRole('tab', { name: 'Tabelle' }).click();
    const levels = campaign.getByRole('table', { name: 'Update-Kampagne auf Version 9' });
    const today = levels.getByRole('row').nth(26);
    await today.getByRole('link', { name: '1' }).first().click();
    await waitForPath(page, '/backend/license');
    expect(new URL(page.url()).searchParams.get('filter')).toBe(
      'version~eq~8__status~neq~disabled__updatedToLicense~existsnot~',
    );
    await page.getByText('1–1 von 1', { exact: true }).waitFor();
  });

  // One test per page: five page loads and their network's rest take most of a test's time on a
  // loaded machine.
  // `loaded`: what only the page's own files draw. Its heading comes with the entry (the route's
  // placeholder), and the network may rest before the page's files are even asked for: on a busy
  // machine the entry's script ran for more than the half second of quiet that counts as rest.
  it.each([
    {
      address: '/login',
      visitor: 'signed out',
      charts: 0,
      loaded: (page: Page) => page.getByLabel('Lizenzschlüssel', { exact: true }),
    },
    {
      address: '/',
      visitor: 'license',
      charts: 0,
      loaded: (page: Page) => page.getByRole('form', { name: 'Lizenz binden' }),
    },
    {
      address: ASSISTANT_PATH,
      visitor: 'signed out',
      charts: 0,
      loaded: (page: Page) => page.getByRole('button', { name: /^Assistent starten/ }),
    },
    {
      address: '/backend/license',
      visitor: 'admin',
      charts: 0,
      loaded: (page: Page) => page.getByRole('button', { name: /^Erzeugt \(/ }),
    },
    {
      address: '/backend',
      visitor: 'admin',
      charts: 1,
      loaded: (page: Page) => page.getByRole('heading', { name: 'Braucht Aufmerksamkeit' }),
    },
  ] as const)(
    'the chart library loads with the overview only: $address as $visitor has it in $charts scripts',
    async ({ address, visitor, charts, loaded }) => {
      const token =
        visitor === 'license'
          ? await licenseToken(browser.server, await createLicense(browser.server))
          : visitor === 'admin'
            ? await adminToken(browser.server)
            : undefined;
      const page = await browser.open('about:blank', { token });
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(request.url());
      });
      await page.goto(address);
      await loaded(page).first().waitFor();
      // The page is the asked one (a visitor sent elsewhere would load other scripts).
      expect(new URL(page.url()).pathname).toBe(address);
      await page.waitForLoadState('networkidle');
      // The scripts the page loaded, read from the server after the page settled: one after
      // another, as a browser's few connections would (a list page loads some sixty, and that many
      // connections at once from one address are more than the portal keeps open for a client).
      const bodies: string[] = [];
      for (const url of scripts) {
        const response = await fetch(url);
        expect(response.status, url).toBe(200);
        bodies.push(await response.text());
      }
      expect(bodies.filter((text) => text.includes('recharts-wrapper')).length).toBe(charts);
    },
  );
});
