/**
 * The accessibility sweep: every route of the route table, for every kind of visitor, at a desktop
 * and a phone width — axe-core (serious and critical violations fail) and IBM Equal Access
 * (violations and unreviewed potential violations fail), page errors, the document title, the
 * cookie banner first in the Tab order, no focused element covered by a fixed one (also zoomed to
 * 400 %, 320 × 256 px), sideways scrolling at 360 px, links that open a new tab without saying so,
 * and under forced colours every control's boundary and every current choice (decision 063). A
 * new page in `router.tsx` is swept without touching this file; a page the sweep cannot open fails
 * it. The error states — a wrong sign-in, a wrong offer code, a failed save, a 409 — are swept
 * too: they only show after an action.
 */
import { Readable } from 'node:stream';
import {
  contactChangeMessages,
  HOLDER_FORM_LABELS,
  importFieldTitle,
  personalDataErasureMessages,
  personalDataMessages,
  type License,
} from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { errorBox, errorEnvelope } from '@/test/page';
import {
  AXE_SCRIPT,
  bannerNotFirst,
  clippedText,
  axeViolations,
  alertsAtLoad,
  forcedColorProblems,
  headingLevelProblems,
  newTabProblems,
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
  requestContactChange,
} from '@/test/seed';
import { routeEntries, sampleAddress } from './route-addresses.ts';
import type { SweepRecord } from './page-routes.tsx';
import { routes } from './router.tsx';

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

/** A page opened for the sweep's engines (they run in the page, which the CSP would refuse). */
const openForSweep = (address: string, token?: string) =>
  browser.open(address, {
    token,
    bypassCSP: true,
    prepare: (page) =>
      Promise.all([page.addInitScript({ path: AXE_SCRIPT }), page.addInitScript({ content: IBM_SCRIPT })]),
  });

/** Another tab's save of the license, meanwhile: the next save of this page is answered 409. */
async function saveElsewhere(license: License, token: string): Promise<void> {
  const url = `${browser.server.url}/api/v1/license/${license._id}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { data } = (await (await fetch(url, { headers })).json()) as { data: { license: License } };
  const changed = { ...data.license, notes: 'Aus einem anderen Tab' };
  expect((await fetch(url, { method: 'PUT', headers, body: JSON.stringify(changed) })).status).toBe(200);
}

/** The license detail in edit mode with a changed note, as an admin. */
async function editedLicense() {
  const license = await createLicense(browser.server);
  const token = await adminToken(browser.server);
  const page = await openForSweep(`/backend/license/${license._id}`, token);
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  await page.getByRole('textbox', { name: 'Notizen', exact: true }).fill('Neue Notiz');
  return { page, license, token };
}

/** A customer's sign-in with a wrong second value, up to its error box. */
async function wrongSignIn(page: Page, license: License, codeLabel: string, wrongCode: string) {
  await page.getByLabel('Lizenzschlüssel', { exact: true }).fill(license.key);
  await page.getByLabel(codeLabel, { exact: true }).fill(wrongCode);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await errorBox(page).waitFor();
}

/** „Meine Lizenz” of a bound organization's license with „Kontakt ändern” opened. */
async function contactForm() {
  const license = await bindLicense(browser.server, await createLicense(browser.server), {
    name: LONG_HOLDER,
    holderType: 'organization',
    contact: 'Erika Mustermann',
    email: 'foerderzentrum@example.com',
  });
  const page = await openForSweep('/', await licenseToken(browser.server, license));
  await page.getByRole('button', { name: contactChangeMessages.open }).click();
  const form = page.getByRole('form', { name: contactChangeMessages.title });
  await form.waitFor();
  return { page, license, form };
}

/** The contact form with a new address typed in. */
async function fillContactForm(page: Page) {
  const form = page.getByRole('form', { name: contactChangeMessages.title });
  await form.getByRole('textbox', { name: HOLDER_FORM_LABELS.email, exact: true }).fill('neu@example.com');
  await form
    .getByRole('textbox', { name: HOLDER_FORM_LABELS.emailConfirmation })
    .pressSequentially('neu@example.com');
  return form;
}

/**
 * An uploaded import file with a dry run done, one of its rows in error: the page then shows the
 * mapping, the report with its findings, and the choice „Nur gültige Zeilen importieren”.
 */
async function checkedImportWithError(): Promise<string> {
  const uploads = browser.server.app.services.licenseImportUploads;
  const head = (['key', 'startCode', 'version', 'status', 'properties.class'] as const).map(importFieldTitle);
  const file = [
    [...head, 'Kunde'].join(';'),
    'ABCD-EFGH-JKMN;123456;Version 8;Ungebunden;Einzellizenz;',
    'CDEF-GHJK-MNPQ;345678;Version 8;Ungebunden;Riesenlizenz;',
  ].join('\r\n');
  const upload = await uploads.receive(Readable.from([Buffer.from(file)]), 'altbestand.csv', 'verwaltung');
  await uploads.request(
    upload._id,
    { mapping: upload.mapping, dryRun: true, onlyValid: false },
    'verwaltung',
  );
  await uploads.work(upload._id);
  return upload._id;
}

/**
 * The Auskunft after a search that found rows (a bound license with its download, a contact change
 * and a mail): every table's section, the rows as facts, the download and the erasure's button.
 */
async function personalDataResult() {
  const person = { name: LONG_HOLDER, email: 'foerderzentrum@example.com' };
  const license = await bindLicense(browser.server, await createLicense(browser.server), {
    ...person,
    holderType: 'organization',
    contact: 'Erika Mustermann',
  });
  await recordDownload(browser.server, license);
  await requestContactChange(browser.server, license, {
    contact: 'Erika Mustermann',
    email: 'neu@example.com',
  });
  const page = await openForSweep('/backend/personal-data', await adminToken(browser.server));
  await page.getByRole('textbox', { name: personalDataMessages.personLabel }).fill(person.email);
  await page.getByRole('button', { name: personalDataMessages.search }).click();
  await page
    .getByRole('region', { name: personalDataMessages.resultTitle(person.email) })
    .getByRole('region', { name: personalDataMessages.section(personalDataMessages.kinds.licenses, 1) })
    .waitFor();
  return page;
}

interface ErrorState {
  name: string;
  open: () => Promise<Page>;
  /** Leads the page into the state: its error box is shown. */
  provoke: (page: Page) => Promise<void>;
}

let edited: { license: License; token: string } | undefined;

const ERROR_STATES: ErrorState[] = [
  {
    name: 'contact form, refused over the mail budget',
    open: async () => (await contactForm()).page,
    provoke: async (page) => {
      await page.route('**/api/v1/license/*/contact-change', (route) =>
        route.fulfill(
          errorEnvelope(
            429,
            'CONTACT_MAIL_LIMIT_REACHED',
            contactChangeMessages.mailLimitReached('30.11.26 09:15'),
          ),
        ),
      );
      const form = await fillContactForm(page);
      await form.getByRole('button', { name: contactChangeMessages.submit }).click();
      await errorBox(page).waitFor();
    },
  },
  {
    name: 'contact link sent',
    open: async () => (await contactForm()).page,
    provoke: async (page) => {
      const form = await fillContactForm(page);
      await form.getByRole('button', { name: contactChangeMessages.submit }).click();
      await page.getByRole('status').filter({ hasText: contactChangeMessages.sentTitle }).waitFor();
    },
  },
  {
    name: 'contact change to confirm',
    open: async () => {
      const license = await bindLicense(browser.server, await createLicense(browser.server), {
        name: LONG_HOLDER,
      });
      const token = await requestContactChange(browser.server, license, { email: 'neu@example.com' });
      return openForSweep(`/kontakt-bestaetigen?link=${encodeURIComponent(token)}`);
    },
    provoke: async (page) => {
      await page.getByRole('button', { name: contactChangeMessages.confirm }).waitFor();
    },
  },
  {
    name: 'Auskunft with rows',
    open: personalDataResult,
    provoke: async (page) => {
      await page.getByRole('button', { name: personalDataMessages.download }).waitFor();
    },
  },
  {
    name: 'erasure confirmation dialog open',
    open: personalDataResult,
    provoke: async (page) => {
      await page.getByRole('button', { name: personalDataErasureMessages.action }).click();
      await page
        .getByRole('dialog', { name: personalDataErasureMessages.action })
        .getByRole('button', { name: personalDataErasureMessages.confirm })
        .waitFor();
    },
  },
  {
    name: 'wrong holder name',
    open: () => openForSweep('/login'),
    provoke: async (page) => {
      const license = await bindLicense(browser.server, await createLicense(browser.server), {
        name: 'Anna Beispiel',
      });
      await wrongSignIn(page, license, 'Name des Lizenznehmers', 'Anna Beispie');
    },
  },
  {
    name: 'wrong start code',
    open: () => openForSweep('/login'),
    provoke: async (page) => wrongSignIn(page, await createLicense(browser.server), 'Startcode', '000 000'),
  },
  {
    name: 'wrong admin password',
    open: () => openForSweep('/backend/login'),
    provoke: async (page) => {
      await adminToken(browser.server);
      await page.getByLabel('Benutzername').fill('verwaltung');
      await page.getByLabel('Passwort', { exact: true }).fill('falsches-passwort');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await errorBox(page).waitFor();
    },
  },
  {
    name: 'wrong offer code',
    open: () => openForSweep('/m9-assistent'),
    provoke: async (page) => {
      await page.getByRole('button', { name: /^Angebotscode eingeben/ }).click();
      await page.getByLabel('Angebotscode').pressSequentially('abcdefghj');
      await page.getByRole('button', { name: 'Angebot laden' }).click();
      await errorBox(page).waitFor();
    },
  },
  {
    name: 'license import with a bad row',
    open: async () => {
      const upload = await checkedImportWithError();
      return openForSweep(`/backend/license/import?upload=${upload}`, await adminToken(browser.server));
    },
    provoke: async (page) => {
      await page.getByRole('checkbox', { name: 'Nur gültige Zeilen importieren' }).waitFor();
      await page.getByRole('table', { name: 'Befunde des Laufs' }).waitFor();
    },
  },
  {
    name: 'failed save',
    open: async () => (await editedLicense()).page,
    provoke: async (page) => {
      await page.route('**/api/v1/license/*', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill(errorEnvelope(500, 'INTERNAL', 'Interner Fehler'))
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Speichern' }).click();
      await errorBox(page).waitFor();
    },
  },
  {
    name: '409 conflict',
    open: async () => {
      const opened = await editedLicense();
      edited = opened;
      return opened.page;
    },
    provoke: async (page) => {
      await saveElsewhere(edited!.license, edited!.token);
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('button', { name: 'Aktuelle Fassung laden' }).waitFor();
    },
  },
];

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
    ...(await newTabProblems(page)),
    ...(await headingLevelProblems(page)),
    ...(await obscuredFocus(page)),
    ...(narrow ? [...(await horizontalOverflow(page)), ...(await clippedText(page))] : []),
  ];
}

/**
 * Once every finite transition has ended (a dialog fades in over 200 ms: axe would read its text
 * half-transparent) and two frames are painted; a loader's endless spin is not waited for.
 */
const afterLayout = (page: Page) =>
  page.evaluate(async () => {
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });

/** The page's problems under emulated `forced-colors: active`; the emulation ends with the check. */
async function forcedColors(page: Page): Promise<string[]> {
  await page.emulateMedia({ forcedColors: 'active' });
  await afterLayout(page);
  try {
    return await forcedColorProblems(page);
  } finally {
    await page.emulateMedia({ forcedColors: 'none' });
  }
}

/** Each role's sweep's figures, by role: a sweep run again (the browser project's retry) counts once. */
const figures = new Map<string, { visits: number; pages: number; checks: number }>();
const startedAt = performance.now();

describe('accessibility sweep', () => {
  it.each(ROLES)(
    'every route passes as $name at 1280 and 360 px',
    async (role) => {
      const counts = { visits: 0, pages: 0, checks: 0 };
      figures.set(role.name, counts);
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
        counts.visits++;
        const where = (width: number) => `${route} (${address}) as ${role.name} at ${width}px`;
        const loading = await waitForPage(page);
        const finalUrl = new URL(page.url());
        const landed = `${finalUrl.pathname}${finalUrl.search}`;
        if (loading.length === 0 && checked.has(landed)) continue;
        checked.add(landed);
        counts.pages++;
        problems.push(...loading.map((problem) => `${where(WIDTHS[0].width)} → ${landed}: ${problem}`));
        if (loading.length > 0) continue;
        problems.push(
          ...(await alertsAtLoad(page)).map((problem) => `${where(WIDTHS[0].width)} → ${landed}: ${problem}`),
        );
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          await afterLayout(page);
          counts.checks++;
          const found = await checkPage(page, size.width === NARROW);
          problems.push(...found.map((problem) => `${where(size.width)} → ${landed}: ${problem}`));
        }
        // Forced colours (Windows high contrast) at the desktop width.
        await page.setViewportSize(WIDTHS[0]);
        problems.push(
          ...(await forcedColors(page)).map((problem) => `${where(WIDTHS[0].width)} → ${landed}: ${problem}`),
        );
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
    // Forced colours add a pass per page: the admin's 38 pages took 180 s at a load of 30.
    300_000,
  );

  it.each(ERROR_STATES)(
    'the error state „$name” passes at 1280 and 360 px and under forced colours',
    async (state) => {
      const page = await state.open();
      await state.provoke(page);
      const problems: string[] = [];
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await afterLayout(page);
        problems.push(...(await checkPage(page, size.width === NARROW)).map((p) => `${size.width}px: ${p}`));
      }
      await page.setViewportSize(WIDTHS[0]);
      problems.push(...(await forcedColors(page)).map((problem) => `forced colours: ${problem}`));
      expect(problems, problems.join('\n')).toEqual([]);
    },
    90_000,
  );

  it('reports its figures', () => {
    const total = (figure: 'visits' | 'pages' | 'checks') =>
      [...figures.values()].reduce((sum, counts) => sum + counts[figure], 0);
    console.info(
      `Accessibility sweep: ${entries.length} routes × ${ROLES.length} roles → ${total('visits')} visits, ` +
        `${total('pages')} distinct pages, ${total('checks')} checks at ${WIDTHS.map((size) => size.width).join(' and ')} px ` +
        `in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
    );
    expect(total('visits')).toBe(entries.length * ROLES.length);
  });
});
