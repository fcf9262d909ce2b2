/** Reading the page the way a user sees it, for browser tests. */
import { filterMessages } from '@lizenzportal/domain';
import type { Locator, Page } from 'playwright-core';

/** The error box on the page (title, "Fehler-Code …" or "Keine Verbindung" tag, message). */
export function errorBox(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: /Fehler-Code \d+|Keine Verbindung/ });
}

/** The visible text of the page's error box, once it is shown. */
export async function errorBoxText(page: Page): Promise<string> {
  const box = errorBox(page);
  await box.waitFor();
  return (await box.innerText()).replace(/\s+/g, ' ');
}

/** Waits until the address has this path (and, if given, exactly this query). */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<void> {
  await page.waitForURL(
    (url) => url.pathname === pathname && (search === undefined || url.search === search),
  );
}

/** The error envelope the API sends, for answers a test fakes with `page.route`. */
export function errorEnvelope(status: number, code: string, message: string) {
  return {
    status,
    contentType: 'application/json',
    body: JSON.stringify({ error: { status, code, message } }),
  };
}

/**
 * Holds the page's scripts matching `script` back until what `shown` finds is visible (at most
 * 5 s), then lets them load: `seen()` says whether it was, e.g. a placeholder drawn before the
 * page's own files. Pass `prepare` as `open`'s option of that name.
 */
export function heldScripts(script: RegExp, shown: (page: Page) => Locator) {
  let seen = false;
  return {
    prepare: (page: Page) =>
      page.route(script, async (route) => {
        try {
          await shown(page).waitFor({ timeout: 5000 });
          seen = true;
        } catch {
          // Not shown: the scripts go on, and the test's `seen()` says so.
        } finally {
          await route.continue();
        }
      }),
    seen: () => seen,
  };
}

/** A list's query builder saying that its rules are loading. */
export function filterRulesLoader(page: Page): Locator {
  return page
    .getByRole('search', { name: filterMessages.region })
    .getByRole('status', { name: filterMessages.loading });
}
