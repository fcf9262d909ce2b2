/**
 * Browser tests drive Chromium (playwright-core) against the real server: one server per test
 * file, one Chromium per test worker, a fresh database and a fresh browser context per test. A
 * console error or an uncaught exception on the page fails the test, like `console.error` in unit
 * tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { resetDatabase, startTestServer, type TestServer } from '@lizenzportal/server/testing';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the build Playwright itself runs
 * for headless tests), not the full browser: headless, the full browser still builds a window's
 * user interface for every context — the address bar's popups rendered as web pages in a process
 * of their own — which took more CPU than the pages under test (decision 056).
 */
const HEADLESS_SHELL_PATH = process.env['CHROMIUM_HEADLESS_SHELL_PATH'] ?? '/usr/bin/chromium-headless-shell';
const BUILT_APP = path.resolve(import.meta.dirname, '../../dist/index.html');
/**
 * Waits for an element or a state (also `expect.poll`'s, set in vitest.config.ts): long enough for a
 * page change inside the app — a lazy chunk and its data — while every test project runs on two
 * cores (5 s was not, in CI), short enough that a missing element fails within the test timeout
 * with Playwright's own message.
 */
const ACTION_TIMEOUT_MS = 15_000;
/** A page load (the assistant's frame with it) on a machine busy with every test project. */
export const NAVIGATION_TIMEOUT_MS = 30_000;

export interface OpenOptions {
  /** Signed in with this token (as the app keeps it in local storage). */
  token?: string;
  /** The cookie banner is accepted beforehand unless a test is about the banner. */
  cookieConsent?: boolean;
  /** Runs before the page loads, e.g. to fake API answers with `page.route`. */
  prepare?: (page: Page) => Promise<unknown>;
  /** Addresses whose requests the test fails on purpose (with `prepare`): their failures are no errors. */
  failingRequests?: RegExp;
  /**
   * Lets test scripts run in the page although the portal's CSP forbids inline and foreign
   * scripts (axe-core in the accessibility sweep); the CSP itself stays as the server sends it.
   */
  bypassCSP?: boolean;
}

export interface BrowserHarness {
  readonly server: TestServer;
  /** Opens a page of the app in a new browser context. */
  open(address: string, options?: OpenOptions): Promise<Page>;
}

/**
 * The worker's Chromium, shared by the test files that run in its process one after another
 * (`isolate: false`): each file saves a start and a warm-up of about 2 s of CPU (decision 053).
 * Files share no state through it: every test opens its own context, closed after the test.
 * Playwright ends the browser with the worker's process.
 */
let workerChromium: Promise<Browser> | undefined;

async function sharedChromium(): Promise<Browser> {
  const running = await workerChromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  workerChromium = launchChromium();
  return workerChromium;
}

async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(HEADLESS_SHELL_PATH)) {
    throw new Error(
      `Chromium's headless shell not found at ${HEADLESS_SHELL_PATH}: on Debian \`apt-get install ` +
        'chromium-headless-shell`, or set CHROMIUM_HEADLESS_SHELL_PATH.',
    );
  }
  return chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Chromium logs every failed request as a console error. Failed API calls are what many tests
 * provoke and then assert through the page, so those are not counted, nor the requests a test
 * fails on purpose.
 */
function isExpectedFailureLog(message: ConsoleMessage, failingRequests: RegExp | undefined): boolean {
  if (!message.text().startsWith('Failed to load resource')) return false;
  const url = message.location().url;
  return url.includes('/api/') || (failingRequests?.test(url) ?? false);
}

/**
 * One server and browser for the test file. The server runs no job worker unless the file asks
 * for one (`{ WORKER: 'inline' }`: a journey that waits for documents and mails).
 */
export function setupBrowser(environment: Record<string, string> = {}): BrowserHarness {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let pageErrors: string[] = [];

  let starting: Promise<unknown>[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(BUILT_APP)) throw new Error('The web app is not built: run `npm run build` first.');
    starting = [
      // No job worker by default: most pages under test wait for no background job (documents, mails).
      startTestServer({ WORKER: 'off', ...environment }).then((started) => (server = started)),
      sharedChromium().then((launched) => (browser = launched)),
    ];
    await Promise.all(starting);
  });

  beforeEach(async () => {
    await resetDatabase(server!.database);
    contexts = [];
    pageErrors = [];
  });

  afterEach(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    if (pageErrors.length > 0) throw new Error(`The page reported errors:\n${pageErrors.join('\n')}`);
  });

  afterAll(async () => {
    // What outlived the start's timeout is waited for and closed too: the next test file runs in
    // this process (decision 033). The browser stays for the next file.
    await Promise.allSettled(starting);
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('The test server is not running yet.');
      return server;
    },
    async open(address, { token, cookieConsent = true, prepare, failingRequests, bypassCSP = false } = {}) {
      const origin = server!.url;
      const localStorage = [
        ...(token ? [{ name: 'user-token', value: token }] : []),
        ...(cookieConsent ? [{ name: 'cookie-consent', value: '"2025-01-01T00:00:00.000Z"' }] : []),
      ];
      const context = await browser!.newContext({
        baseURL: origin,
        locale: 'de-DE',
        timezoneId: 'Europe/Berlin',
        bypassCSP,
        storageState: { cookies: [], origins: [{ origin, localStorage }] },
      });
      contexts.push(context);
      context.setDefaultTimeout(ACTION_TIMEOUT_MS);
      context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error' && !isExpectedFailureLog(message, failingRequests)) {
          pageErrors.push(message.text());
        }
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await prepare?.(page);
      await page.goto(address);
      return page;
    },
  };
}
