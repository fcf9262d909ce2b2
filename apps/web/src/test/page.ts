/** Reading the page the way a user sees it, for browser tests. */
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
