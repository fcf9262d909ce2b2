import {
  ASSISTANT_PATH,
  assistantScreens,
  bindingMessages,
  COMPRESSION_THRESHOLD_BYTES,
  fieldLabel,
  licenseToolbarMessages,
  navigationMessages,
  pageDescriptions,
  pageTitles,
  portalMessages,
} from '@lizenzportal/domain';
import { Button, ScrollArea, Table } from '@mantine/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, bindLicense, createLicense, licenseToken } from '@/test/seed';

const browser = setupBrowser();

/** Where the page keeps the CSP violations it reported (its listener runs before the app's scripts). */
interface ViolationLog {
  cspViolations: string[];
}

function recordViolations(page: Page): Promise<unknown> {
  return page.addInitScript(() => {
    const log = window as unknown as ViolationLog;
    log.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      log.cspViolations.push(`${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as ViolationLog).cspViolations);

interface Received {
  url: string;
  /** Bytes of the body on the wire and once decoded (the browser's resource timing). */
  encoded: number;
  decoded: number;
}

/** The scripts, styles and the page itself as the browser received them. */
const received = (page: Page): Promise<Received[]> =>
  page.evaluate(() =>
    [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource').filter((entry) => /\.(js|css)$/.test(entry.name)),
    ].map((entry) => {
      const timing = entry as PerformanceResourceTiming;
      return {
        url: timing.name,
        encoded: timing.encodedBodySize,
        decoded: timing.decodedBodySize,
      };
    }),
  );

/** Every style rule the page has loaded (the portal's stylesheets are its own origin's, so readable). */
const styleRules = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join('\n'),
  );

describe('what the server sends the pages', () => {
  it('a page loads the styles of the components it shows, the back office’s table with its list', async () => {
    const login = await browser.open('/login');
    await login.getByRole('heading', { name: pageTitles.login }).waitFor();
    const loginStyles = await styleRules(login);
    expect(loginStyles).toContain(`.${Button.classes.root}`);
    expect(loginStyles).not.toContain(`.${Table.classes.table}`);
    const list = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    // The heading paints before the page's files (decisions 058, 068): the table is the page's own.
    await list.getByRole('table').waitFor();
    expect(await styleRules(list)).toContain(`.${Table.classes.table}`);
  });

  it('„Meine Lizenz” shows its license facts without Mantine’s Table and its ScrollArea', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Schule am See',
    });
    const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
    await page.getByRole('rowheader', { name: fieldLabel('properties.class') }).waitFor();
    // Each Mantine component brings its styles (build/mantine-styles.ts): Table's module brings
    // ScrollArea and floating-ui into the page's files, which the license box does not use.
    const styles = await styleRules(page);
    expect({
      table: styles.includes(`.${Table.classes.table}`),
      scrollArea: styles.includes(`.${ScrollArea.classes.root}`),
    }).toEqual({ table: false, scrollArea: false });
  });

  it('the login’s scripts hold neither zod, the assistant’s texts nor @mantine/form', async () => {
    const login = await browser.open('/login');
    await login.getByRole('heading', { name: pageTitles.login }).waitFor();
    const scripts = (await received(login)).map((file) => file.url).filter((url) => url.endsWith('.js'));
    const texts = await login.evaluate(
      (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).text())),
      scripts,
    );
    const code = texts.join('\n');
    // What was read is the login's code; zod's classes are named in its code. The user's schema
    // loads with the user, the assistant's texts with the assistant (decision 057). `@mantine/form`
    // (its option `validateInputOnBlur`) is left to the back office's forms (decision 059).
    expect({
      login: code.includes(pageTitles.login),
      zod: code.includes('ZodObject'),
      assistantTexts: code.includes(assistantScreens.welcomeTitle),
      mantineForm: code.includes('validateInputOnBlur'),
    }).toEqual({ login: true, zod: false, assistantTexts: false, mantineForm: false });
  });

  it('„Meine Lizenz” loads the binding form’s files for an unbound license only', async () => {
    /** The scripts „Meine Lizenz” loaded once `shown` (the form or the bound panel) is there. */
    const scripts = async (license: Awaited<ReturnType<typeof createLicense>>, shown: RegExp) => {
      const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
      await page.getByRole(license.status === 'bound' ? 'status' : 'button', { name: shown }).waitFor();
      return (await received(page)).map((file) => new URL(file.url).pathname);
    };
    const unbound = await createLicense(browser.server);
    const bound = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Schule am See',
      email: 'it@schule.example',
      holderType: 'organization',
    });
    const bindingForm = /^\/assets\/binding-form-[^/]+\.js$/;
    expect(await scripts(unbound, new RegExp(`^${bindingMessages.submit}$`))).toContainEqual(
      expect.stringMatching(bindingForm),
    );
    expect(await scripts(bound, new RegExp(portalMessages.boundTitle))).not.toContainEqual(
      expect.stringMatching(bindingForm),
    );
  });

  it('„Meine Lizenz” asks for the user and the license’s page only once its first frame is painted', async () => {
    const license = await bindLicense(browser.server, await createLicense(browser.server), {
      name: 'Schule am See',
    });
    const page = await browser.open('/', {
      token: await licenseToken(browser.server, license),
      // The first frame is held back 300 ms after the app's first render (nothing is visible until
      // then): the requests must wait for it, however long it takes.
      prepare: (page) =>
        page.addInitScript(() => {
          const hidden = new CSSStyleSheet();
          hidden.replaceSync('html { visibility: hidden }');
          document.adoptedStyleSheets = [hidden];
          const rendered = new MutationObserver(() => {
            if (!document.getElementById('root')?.hasChildNodes()) return;
            rendered.disconnect();
            setTimeout(() => hidden.replaceSync(''), 300);
          });
          rendered.observe(document, { childList: true, subtree: true });
        }),
    });
    await page.getByRole('rowheader', { name: fieldLabel('properties.class') }).waitFor();
    const times = await page.evaluate(() => {
      const started = (pattern: RegExp) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => pattern.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime);
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        requests: [...started(/^\/api\/v1\/auth\/user$/), ...started(/^\/assets\/license-overview-page-/)],
      };
    });
    // Started before the first frame, their answers arrived sometimes before it and sometimes after,
    // and Lighthouse counted them into the largest paint or not (decision 059).
    expect(times.requests.length).toBeGreaterThanOrEqual(2);
    for (const start of times.requests) expect(start).toBeGreaterThanOrEqual(times.firstPaint);
  });

  it('a stored sign-in’s user is asked for while the back office’s page is still loading', async () => {
    let askedForUser: () => void = () => {};
    const userAsked = new Promise<void>((resolve) => (askedForUser = resolve));
    const heldTooLong = { value: false };
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: async (page) => {
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/v1/auth/user') askedForUser();
        });
        // The list's own script arrives only once the user was asked for (or after 5 s).
        await page.route(/\/assets\/license-list-page-[^/]+\.js$/, async (route) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const timeout = new Promise<void>((resolve) => {
            timer = setTimeout(() => {
              heldTooLong.value = true;
              resolve();
            }, 5000);
          });
          await Promise.race([userAsked, timeout]);
          clearTimeout(timer);
          await route.continue();
        });
      },
    });
    await page.getByRole('heading', { name: pageTitles.licenses }).waitFor();
    expect(heldTooLong.value).toBe(false);
  });

  it('the assistant runs into its later steps without a CSP violation', async () => {
    const page = await browser.open(ASSISTANT_PATH, { prepare: recordViolations });
    await page.getByRole('button', { name: /^Assistent starten/ }).click();
    // The country step comes with the later steps' module and its schemas (zod).
    await page.getByRole('heading', { name: assistantScreens.countryTitle }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('the portal’s login pages and the back office run without a CSP violation', async () => {
    for (const address of ['/login', '/backend/login']) {
      const page = await browser.open(address, { prepare: recordViolations });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await violations(page), address).toEqual([]);
    }
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: recordViolations,
    });
    await page.getByRole('heading', { name: pageTitles.licenses }).waitFor();
    expect(await violations(page)).toEqual([]);
  });

  it('the first screens ask the API nothing: the settings come with the page', async () => {
    const screens = [
      // The footer's link to the shop is the settings' (SHOP_URL): there from the first render.
      { address: '/login', shows: (page: Page) => page.getByRole('link', { name: navigationMessages.shop }) },
      {
        address: '/backend/login',
        shows: (page: Page) => page.getByRole('link', { name: navigationMessages.shop }),
      },
      // The assistant starts with the shop's origin and product ids from the settings.
      {
        address: ASSISTANT_PATH,
        shows: (page: Page) => page.getByRole('button', { name: /^Assistent starten/ }),
      },
    ];
    for (const { address, shows } of screens) {
      const apiRequests: string[] = [];
      const page = await browser.open(address, {
        prepare: async (page) =>
          page.on('request', (request) => {
            if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request.url());
          }),
      });
      await shows(page).waitFor();
      await page.waitForLoadState('networkidle');
      expect(apiRequests, address).toEqual([]);
    }
  });

  it('the portal and the assistant carry their German meta descriptions', async () => {
    const description = (page: Page) => page.locator('meta[name="description"]').getAttribute('content');
    const portal = await browser.open('/login');
    expect(await description(portal)).toBe(pageDescriptions.portal);
    const assistant = await browser.open(ASSISTANT_PATH);
    expect(await description(assistant)).toBe(pageDescriptions.assistant);
  });

  it('the assistant’s page, scripts and styles arrive brotli-compressed', async () => {
    const encodings = new Map<string, string | undefined>();
    const page = await browser.open(ASSISTANT_PATH, {
      prepare: async (page) =>
        page.on('response', (response) =>
          encodings.set(response.url(), response.headers()['content-encoding']),
        ),
    });
    await page.getByRole('button', { name: /^Assistent starten/ }).waitFor();
    const files = (await received(page)).filter((file) => file.decoded >= COMPRESSION_THRESHOLD_BYTES);
    // The page, its script and its stylesheet (vite.config.ts: one file each for the first load).
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      expect(encodings.get(file.url), file.url).toBe('br');
      expect(file.encoded, file.url).toBeLessThan(file.decoded * 0.6);
    }
  });
});

/**
 * Where a checkbox's, radio's or switch's label stands: beside what is drawn of its control, on
 * the control's line, in the control's size (Mantine's `InlineInput` styles, which come with no
 * component's own stylesheet; build/mantine-styles.ts).
 */
async function inlineLayout(control: Locator, label: Locator) {
  const box = (await control.boundingBox())!;
  const text = (await label.boundingBox())!;
  return {
    beside: text.x >= box.x + box.width,
    onItsLine: text.y < box.y + box.height && text.y + text.height > box.y,
    fontSize: await label.evaluate((element) => getComputedStyle(element).fontSize),
  };
}

describe('checkboxes, radios and switches', () => {
  it('stand beside their label at 390 and at 1280 px: the binding form’s consents, the list’s switch', async () => {
    const license = await createLicense(browser.server);
    const page = await browser.open('/', { token: await licenseToken(browser.server, license) });
    const list = await browser.open('/backend/license', { token: await adminToken(browser.server) });
    // The list's first screen, drawn before its files, is replaced by the list (decision 078).
    await list.getByRole('table').waitFor();
    const beside = { beside: true, onItsLine: true, fontSize: '14px' };
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const consent = page.getByRole('checkbox', { name: bindingMessages.authorizedLabel });
      const consentLabel = page.getByText(bindingMessages.authorizedLabel, { exact: true });
      expect(await inlineLayout(consent, consentLabel), `checkbox at ${width} px`).toEqual(beside);
      await list.setViewportSize({ width, height: 900 });
      // The switch's input is hidden; its track is what is seen.
      const selecting = list.getByRole('switch', { name: licenseToolbarMessages.selectionMode });
      const track = list.locator('.mantine-Switch-body', { has: selecting }).locator('.mantine-Switch-track');
      const switchLabel = list.getByText(licenseToolbarMessages.selectionMode, { exact: true });
      expect(await inlineLayout(track, switchLabel), `switch at ${width} px`).toEqual(beside);
    }
  });
});
