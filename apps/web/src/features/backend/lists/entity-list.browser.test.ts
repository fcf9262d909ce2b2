import { backOfficeMessages, filterMessages, LOADING_LABEL, pageTitles } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();
/** The table's script: mantine-datatable with the list's table and paging. */
const TABLE_SCRIPT = /\/assets\/list-table-[^/]+\.js$/;
/** The license list page's own module. */
const PAGE_SCRIPT = /\/assets\/license-list-page-[^/]+\.js$/;

describe("a list's first screen (decision 072)", () => {
  it('shows the filters with their note, the toolbar and a loader while the table’s files load, then the rows', async () => {
    await createLicense(browser.server, { count: 2 });
    let firstScreenWithoutTable = false;
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: (page) =>
        page.route(TABLE_SCRIPT, async (route) => {
          try {
            const firstScreen = [
              page.getByText(filterMessages.alreadyApplied),
              page.getByRole('button', { name: backOfficeMessages.createLicenses }),
              page.getByRole('status', { name: LOADING_LABEL }),
            ];
            await Promise.all(firstScreen.map((part) => part.waitFor({ timeout: 5000 })));
            // And it stays while the table's files are on their way.
            await page.waitForTimeout(500);
            const shown = await Promise.all(firstScreen.map((part) => part.isVisible()));
            firstScreenWithoutTable = shown.every(Boolean);
          } catch {
            // Not drawn without the table: the script goes on, the test fails below.
          } finally {
            await route.continue();
          }
        }),
    });
    await expect.poll(() => page.locator('tbody').getByRole('row').count()).toBe(2);
    expect(firstScreenWithoutTable).toBe(true);
  });

  it('asks for the table’s files once the filters’ note is painted, not before', async () => {
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      // A phone's screen, as Lighthouse's mobile run has it: there the note is the largest paint.
      prepare: (page) => page.setViewportSize({ width: 412, height: 823 }),
    });
    await page.getByRole('table').waitFor();
    const { largestPaint, tableAsked } = await page.evaluate(
      (tableScript) =>
        new Promise<{ largestPaint?: number; tableAsked?: number }>((resolve) => {
          // The largest paint, as Lighthouse reads it: the last entry, the note (of the first screen
          // drawn with the entry, or the list's own).
          new PerformanceObserver((list) => {
            resolve({
              largestPaint: list.getEntries().at(-1)?.startTime,
              tableAsked: performance
                .getEntriesByType('resource')
                .find((resource) => new RegExp(tableScript).test(resource.name))?.startTime,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
      TABLE_SCRIPT.source,
    );
    // Lighthouse counts every request that ended before the largest paint into it.
    expect(largestPaint).toBeDefined();
    expect(tableAsked).toBeGreaterThan(largestPaint!);
  });

  it('draws the first screen with the entry, laid out as the list: the list’s own note is no new largest paint (decision 078)', async () => {
    await createLicense(browser.server, { count: 2 });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await browser.open('/backend/license', {
      token: await adminToken(browser.server),
      prepare: async (page) => {
        await page.setViewportSize({ width: 412, height: 823 });
        await page.route(PAGE_SCRIPT, async (route) => {
          await held;
          await route.continue();
        });
      },
    });
    // Before the page's files: its heading, the filters' note, the toolbar and the table's loader,
    // not yet to be used.
    const note = page.getByText(filterMessages.alreadyApplied);
    await note.waitFor();
    await page.getByRole('heading', { level: 1, name: pageTitles.licenses }).waitFor();
    await page.getByText(backOfficeMessages.createLicenses).waitFor();
    expect(await note.evaluate((element) => element.closest('[inert]') !== null)).toBe(true);
    expect(await page.locator('[inert] [role=status][aria-label]').getAttribute('aria-label')).toBe(
      LOADING_LABEL,
    );
    const firstScreen = await note.boundingBox();
    const releasedAt = await page.evaluate(() => performance.now());
    release();

    await expect.poll(() => page.locator('tbody').getByRole('row').count()).toBe(2);
    expect(await page.locator('[inert]').count()).toBe(0);
    // What Lighthouse reads as the largest paint: the first screen's note, painted before the page's files came.
    const largest = await page.evaluate(
      () =>
        new Promise<{ startTime: number; size: number }>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as LargestContentfulPaint;
            resolve({ startTime: last.startTime, size: last.size });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    expect(largest.startTime).toBeLessThan(releasedAt);
    expect(await note.boundingBox()).toEqual(firstScreen);
  });
});
