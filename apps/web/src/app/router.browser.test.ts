import {
  cookieBannerMessages,
  helpQuestions,
  LOADING_LABEL,
  navigationMessages,
  pageTitles,
} from '@lizenzportal/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken } from '@/test/seed';

const browser = setupBrowser();
/** The license list's request for its rows. */
const LIST_REQUEST = /\/api\/v1\/license\?/;

/**
 * Opens `address` with the page's own script held back until `frame` (and the loader in the
 * page's place) is on screen, or until that wait gave up. `frameWhileLoading` says which, once
 * the page has shown (the page's load event need not wait for its script).
 */
async function frameBeforePage(
  address: string,
  pageScript: RegExp,
  frame: (page: Page) => Promise<unknown>,
  token?: string,
): Promise<{ page: Page; frameWhileLoading: () => boolean }> {
  let frameWhileLoading = false;
  const page = await browser.open(address, {
    token,
    cookieConsent: false,
    prepare: (page) =>
      page.route(pageScript, async (route) => {
        try {
          await Promise.all([
            frame(page),
            page.getByRole('region', { name: cookieBannerMessages.region }).waitFor({ timeout: 5000 }),
            page.getByRole('status', { name: LOADING_LABEL }).waitFor({ timeout: 5000 }),
          ]);
          frameWhileLoading = true;
        } catch {
          // The frame did not come without the page: the page's script goes on, the test fails below.
        } finally {
          await route.continue();
        }
      }),
  });
  return { page, frameWhileLoading: () => frameWhileLoading };
}

describe('a lazily loaded page (decision 058)', () => {
  it('the back office’s frame is on screen while the page’s files load, then the page', async () => {
    const { page, frameWhileLoading } = await frameBeforePage(
      '/backend/license',
      /\/assets\/license-list-page-[^/]+\.js$/,
      (page) =>
        page
          .getByRole('navigation', { name: navigationMessages.backOfficeNavigation })
          .waitFor({ timeout: 5000 }),
      await adminToken(browser.server),
    );
    // The page's own content: its heading is there before it (LoadingPage).
    await page.getByRole('table').waitFor();
    expect(frameWhileLoading()).toBe(true);
  });

  it('shows the page’s heading above the loader meanwhile, and the page keeps it', async () => {
    const { page, frameWhileLoading } = await frameBeforePage(
      '/backend/license',
      /\/assets\/license-list-page-[^/]+\.js$/,
      (page) => page.getByRole('heading', { level: 1, name: pageTitles.licenses }).waitFor({ timeout: 5000 }),
      await adminToken(browser.server),
    );
    await page.getByRole('table').waitFor();
    expect(frameWhileLoading()).toBe(true);
    // The page took the heading's place: one heading, not the loading page's beside the page's.
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).allTextContents())
      .toEqual([pageTitles.licenses]);
    expect(await page.title()).toContain(pageTitles.licenses);
  });

  it('so is an open page’s frame, with its footer', async () => {
    const { page, frameWhileLoading } = await frameBeforePage(
      '/hilfe',
      /\/assets\/help-page-[^/]+\.js$/,
      (page) =>
        page.getByRole('navigation', { name: navigationMessages.legalNavigation }).waitFor({ timeout: 5000 }),
    );
    await page.getByRole('button', { name: helpQuestions.whereAreKeyAndCode.question }).waitFor();
    expect(frameWhileLoading()).toBe(true);
  });

  it('asks for the page’s files once the frame is painted, not before', async () => {
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      cookieConsent: false,
    });
    await page.getByRole('table').waitFor();
    const { firstPaint, pageScript } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      pageScript: performance
        .getEntriesByType('resource')
        .find((entry) => /\/assets\/license-list-page-[^/]+\.js$/.test(entry.name))?.startTime,
    }));
    // Lighthouse counts a request that ended before the largest paint as one the paint waited for.
    expect(firstPaint).toBeDefined();
    expect(pageScript).toBeGreaterThan(firstPaint!);
  });
  it('asks for the list’s rows while the page’s files load, and only once (issue 42)', async () => {
    const listRequests: string[] = [];
    let rowsAskedWhileLoading = false;
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      cookieConsent: false,
      prepare: async (page) => {
        page.on('request', (request) => {
          if (LIST_REQUEST.test(request.url())) listRequests.push(request.url());
        });
        await page.route(/\/assets\/license-list-page-[^/]+\.js$/, async (route) => {
          try {
            await page.waitForRequest(LIST_REQUEST, { timeout: 5000 });
            rowsAskedWhileLoading = true;
          } catch {
            // Not asked for without the page: the page's script goes on, the test fails below.
          } finally {
            await route.continue();
          }
        });
      },
    });
    await page.getByRole('table').waitFor();
    expect(rowsAskedWhileLoading).toBe(true);
    // The page took the early answer: no second request for the same rows.
    expect(listRequests).toHaveLength(1);
  });
});
