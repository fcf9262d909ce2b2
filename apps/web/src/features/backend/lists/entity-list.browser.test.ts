import { backOfficeMessages, filterMessages, LOADING_LABEL } from '@lizenzportal/domain';
import { describe, expect, it } from 'vitest';
import { setupBrowser } from '@/test/browser';
import { adminToken, createLicense } from '@/test/seed';

const browser = setupBrowser();
/** The table's script: mantine-datatable with the list's table and paging. */
const TABLE_SCRIPT = /\/assets\/list-table-[^/]+\.js$/;

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
    const { notePainted, tableAsked } = await page.evaluate(
      ([note, tableScript]) =>
        new Promise<{ notePainted?: number; tableAsked?: number }>((resolve) => {
          // The largest paints, as Lighthouse reads them: the note is the returning admin's.
          new PerformanceObserver((list) => {
            const entry = list
              .getEntries()
              .find((entry) => (entry as LargestContentfulPaint).element?.textContent === note);
            resolve({
              notePainted: entry?.startTime,
              tableAsked: performance
                .getEntriesByType('resource')
                .find((resource) => new RegExp(tableScript).test(resource.name))?.startTime,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
      [filterMessages.alreadyApplied, TABLE_SCRIPT.source] as const,
    );
    // Lighthouse counts every request that ended before the largest paint into it.
    expect(notePainted).toBeDefined();
    expect(tableAsked).toBeGreaterThan(notePainted!);
  });
});
