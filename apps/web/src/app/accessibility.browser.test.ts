/**
 * The accessibility sweep: every route of the route table, for every kind of visitor, at a desktop
 * and a phone width — axe-core (serious and critical violations fail) and IBM Equal Access
 * (violations and unreviewed potential violations fail), page errors, the document title, the
 * cookie banner first in the Tab order, no focused element covered by a fixed one (also zoomed to
 * 400 %, 320 × 256 px), and sideways scrolling at 360 px. A new page in `router.tsx` is swept without touching
 * this file; a page the sweep cannot open fails it.
 */
import type { License } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import {
  AXE_SCRIPT,
  bannerNotFirst,
  clippedText,
  axeViolations,
  IBM_SCRIPT,
  ibmViolations,
  obscuredFocus,
  horizontalOverflow,
  titleProblems,
  waitForPage,
} from '@/test/accessibility';
import {
  adminToken,
  bindLicense,
  createExpiringOffer,
  createLicense,
  createOrderGeneration,
  createUpgradeSession,
  disableLicense,
  licenseToken,
  receivePaidOrder,
  recordDownload,
} from '@/test/seed';
import { routeEntries, sampleAddress } from './route-addresses.ts';
import { routes, type SweepRecord } from './router.tsx';

const browser = setupBrowser();

const WIDTHS = [
  { width: 1280, height: 757 },
  { width: 360, height: 740 },
] as const;
const NARROW = 360;
/** A 1280 × 1024 screen zoomed to 400 %: where a fixed banner once took 187 of the 256 px. */
const ZOOMED = { width: 320, height: 256 } as const;

/** A long German holder name: it must wrap, in the bar's logout button too. */
const LONG_HOLDER = 'Förderzentrum Unterstützte Kommunikation Wiśniewski';

interface Seeded {
  boundV9: License;
  boundV8: License;
  unbound: License;
  records: Record<SweepRecord, string>;
}

/** The licenses every role sees: bound v9 and v8, unbound, and a disabled one updated to v9. */
async function seed(): Promise<Seeded> {
  const server = browser.server;
  const boundV9 = await bindLicense(server, await createLicense(server, { properties: { size: 10 } }), {
    name: LONG_HOLDER,
    holderType: 'organization',
    contact: 'Erika Mustermann',
  });
  const boundV8 = await bindLicense(
    server,
    await createLicense(server, { version: '8', properties: { class: 'multiple', size: 3 } }),
    { name: 'Anna Beispiel' },
  );
  const unbound = await createLicense(server);
  const disabled = await createLicense(server, { version: '8' });
  await disableLicense(server, disabled);
  // The download log shows a row: a partly loaded one-click installer of a long holder name.
  await recordDownload(server, boundV9, {
    object: 'metasearch',
    product: 'metasearch',
    platform: 'windows-pro',
  });
  const generation = await createOrderGeneration(server);
  const delivery = await server.app.services.deliveries.create({
    occasion: 'bind',
    documentType: 'license',
    licenseIds: [boundV9._id],
    recipient: 'foerderzentrum@example.com',
    recipientName: LONG_HOLDER,
  });
  const session = await createUpgradeSession(server);
  // Something for each of the overview's charts (with the licenses and the download above) and an
  // offer that runs out in 3 days for „Braucht Aufmerksamkeit”.
  await receivePaidOrder(server, 9001);
  await createExpiringOffer(server);
  return {
    boundV9,
    boundV8,
    unbound,
    records: {
      license: boundV9._id,
      orderGeneration: generation,
      delivery: delivery._id,
      upgradeSession: session._id,
    },
  };
}

type Role = { name: string; token: (seeded: Seeded) => Promise<string | undefined> };

const ROLES: Role[] = [
  // Signed out, the cookie banner is still open: it is swept on every open page.
  { name: 'signed out', token: async () => undefined },
  { name: 'bound v9 license', token: (seeded) => licenseToken(browser.server, seeded.boundV9) },
  { name: 'bound v8 license', token: (seeded) => licenseToken(browser.server, seeded.boundV8) },
  { name: 'unbound license', token: (seeded) => licenseToken(browser.server, seeded.unbound) },
  { name: 'admin', token: () => adminToken(browser.server) },
];

const entries = routeEntries(routes);

/**
 * Charts (the overview's) are drawn for the eye: screen readers skip the drawing (`aria-hidden`) and
 * read the table of the same numbers in the chart's section.
 */
async function chartProblems(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main svg.recharts-surface')].flatMap((chart) => {
      const section = chart.closest('section');
      const name = section?.querySelector('h2, h3')?.textContent ?? 'a chart';
      return [
        ...(chart.closest('[aria-hidden="true"]')
          ? []
          : [`chart: "${name}" is not hidden from screen readers`]),
        ...(section?.querySelector('table') ? [] : [`chart: "${name}" has no table of its numbers`]),
      ];
    }),
  );
}

/**
 * One line per problem, naming route, role and width. IBM's engine, the slower one, checks the
 * desktop width only: its rules read the document, not the layout (decision 043).
 */
async function checkPage(page: Page, narrow: boolean): Promise<string[]> {
  return [
    ...(await axeViolations(page)),
    ...(narrow ? [] : await ibmViolations(page)),
    ...(await titleProblems(page)),
    ...(await chartProblems(page)),
    ...(await bannerNotFirst(page)),
    ...(await obscuredFocus(page)),
    ...(narrow ? [...(await horizontalOverflow(page)), ...(await clippedText(page))] : []),
  ];
}

const afterLayout = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const figures = { visits: 0, pages: 0, checks: 0, startedAt: performance.now() };

describe('accessibility sweep', () => {
  it.each(ROLES)(
    'every route passes as $name at 1280 and 360 px',
    async (role) => {
      const seeded = await seed();
      const token = await role.token(seeded);
      const addresses = entries.map((entry) => ({
        route: entry.path,
        address: sampleAddress(entry, seeded.records),
      }));
      const page = await browser.open('about:blank', {
        token,
        cookieConsent: role.name !== 'signed out',
        bypassCSP: true,
        prepare: (page) =>
          Promise.all([
            page.addInitScript({ path: AXE_SCRIPT }),
            page.addInitScript({ content: IBM_SCRIPT }),
          ]),
      });
      const problems: string[] = [];
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      // Addresses that end on the same page (redirects) are checked once per role.
      const checked = new Set<string>();

      for (const { route, address } of addresses) {
        await page.setViewportSize(WIDTHS[0]);
        await page.goto(address);
        figures.visits++;
        const where = (width: number) => `${route} (${address}) as ${role.name} at ${width}px`;
        const loading = await waitForPage(page);
        const finalUrl = new URL(page.url());
        const landed = `${finalUrl.pathname}${finalUrl.search}`;
        if (loading.length === 0 && checked.has(landed)) continue;
        checked.add(landed);
        figures.pages++;
        problems.push(...loading.map((problem) => `${where(WIDTHS[0].width)} → ${landed}: ${problem}`));
        if (loading.length > 0) continue;
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          await afterLayout(page);
          figures.checks++;
          const found = await checkPage(page, size.width === NARROW);
          problems.push(...found.map((problem) => `${where(size.width)} → ${landed}: ${problem}`));
        }
        // Zoomed in, nothing fixed may cover what has the focus either.
        await page.setViewportSize(ZOOMED);
        await afterLayout(page);
        const covered = await obscuredFocus(page);
        problems.push(...covered.map((problem) => `${where(ZOOMED.width)} → ${landed}: ${problem}`));
        problems.push(
          ...errors.splice(0).map((error) => `${where(WIDTHS[0].width)} → ${landed}: page error: ${error}`),
        );
      }
      expect(problems, problems.join('\n')).toEqual([]);
    },
    180_000,
  );

  it('reports its figures', () => {
    console.info(
      `Accessibility sweep: ${entries.length} routes × ${ROLES.length} roles → ${figures.visits} visits, ` +
        `${figures.pages} distinct pages, ${figures.checks} checks at ${WIDTHS.map((size) => size.width).join(' and ')} px ` +
        `in ${((performance.now() - figures.startedAt) / 1000).toFixed(1)} s`,
    );
    expect(figures.visits).toBe(entries.length * ROLES.length);
  });
});
