/**
 * The checks of the accessibility sweep on one rendered page: axe-core's serious and critical
 * violations, the document title, and sideways scrolling on narrow screens. Each problem is one
 * line naming where it was seen and which elements it concerns.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core as the browser runs it, added to every page of a context that bypasses the CSP. */
export const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core on the page; returns one line per serious or critical rule violated. */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<unknown> } }
    ).axe;
    const results = (await axe.run(document, { resultTypes: ['violations'] })) as { violations: unknown[] };
    return results.violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => node.target.join(' ')).slice(0, 8);
      const more =
        violation.nodes.length > nodes.length ? ` (+${violation.nodes.length - nodes.length} more)` : '';
      const summary = violation.nodes[0]?.failureSummary?.replace(/\s+/g, ' ') ?? '';
      return `${violation.id} (${violation.impact}): ${violation.help} — ${nodes.join(' | ')}${more} — ${summary}`;
    });
}

/** The browser tab's title must be the page heading followed by „ – Lizenzportal”. */
export async function titleProblems(page: Page): Promise<string[]> {
  const { title, headings } = await page.evaluate(() => ({
    title: document.title,
    headings: [...document.querySelectorAll('main h1')].map((heading) => heading.textContent?.trim() ?? ''),
  }));
  if (headings.length !== 1) return [`page-heading: expected one h1 in main, found ${headings.length}`];
  if (title !== `${headings[0]} – Lizenzportal`) {
    return [`document-title: "${title}" does not name the page "${headings[0]}"`];
  }
  return [];
}

/** Elements that stick out of the viewport sideways, innermost first, as CSS-like selectors. */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('')}`;
    const sticking = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    const innermost = sticking.filter(
      (element) => !sticking.some((other) => other !== element && element.contains(other)),
    );
    return [
      `horizontal-overflow: the page is ${document.documentElement.scrollWidth}px wide in a ${width}px viewport — ${innermost
        .slice(0, 6)
        .map((element) => `${describe(element)} „${element.textContent?.trim().slice(0, 40) ?? ''}”`)
        .join(' | ')}`,
    ];
  });
}

/** Text cut off by its box on a narrow screen: what a reader there would never see. */
export async function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => {
        if (element.closest('input, textarea, select, [aria-hidden="true"]')) return false;
        const hasText = [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        );
        // Text hidden for all but screen readers is clipped on purpose.
        if (element.clientWidth <= 1) return false;
        const { overflowX } = getComputedStyle(element);
        return (
          hasText &&
          (overflowX === 'hidden' || overflowX === 'clip') &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .slice(0, 6)
      .map(
        (element) =>
          `clipped-text: „${element.textContent?.trim().slice(0, 60) ?? ''}” is cut off (${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')})`,
      ),
  );
}

/**
 * Waits until the page shows its heading and nothing is loading any more (route guards, lazy
 * pages, lists); a page that never gets there is reported, not skipped.
 */
export async function waitForPage(page: Page): Promise<string[]> {
  try {
    await page.locator('main h1').first().waitFor();
    await page.waitForFunction(
      () =>
        ![...document.querySelectorAll('.mantine-Loader-root')].some(
          (loader) => loader.getClientRects().length > 0,
        ),
    );
    return [];
  } catch (error) {
    return [`page: did not finish loading (${(error as Error).message.split('\n')[0]})`];
  }
}
