/**
 * The checks of the accessibility sweep on one rendered page: axe-core's serious and critical
 * violations, IBM Equal Access's violations, the document title, and sideways scrolling on narrow
 * screens. Each problem is one line naming where it was seen and which elements it concerns.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { NEW_TAB_NOTE } from '@lizenzportal/domain';
import type { Page } from 'playwright-core';

/** axe-core as the browser runs it, added to every page of a context that bypasses the CSP. */
export const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * IBM's Equal Access rule engine, added beside axe-core (decision 043). Its bundle declares `var
 * ace`, which an init script keeps to itself: the engine is handed to the window explicitly.
 */
export const IBM_SCRIPT = `${fs.readFileSync(
  createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'),
  'utf8',
)}\nwindow.ace = ace;`;

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
    const results = (await axe.run(document, {
      resultTypes: ['violations'],
      // Off by default (experimental): a control's name starts with its visible label (WCAG 2.5.3).
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: unknown[] };
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

/**
 * IBM's „potential” findings that were reviewed and accepted (decision 043), by rule id: each
 * asks a person to judge something a rule cannot decide. A potential finding of any other rule
 * fails the sweep, to be reviewed and fixed or added here and to the decision.
 */
const ACCEPTED_IBM_POTENTIALS = new Set<string>([
  // Colour-coded badges and alerts always carry their word too; the rule flags the style sheets.
  'style_color_misuse',
  // The skip link shows on focus; Mantine's segmented controls draw their hidden radios' focus.
  'element_tabbable_visible',
  // Mantine's focus ring (theme `focusRing: 'auto'`) and the global one for fields (global.css).
  'style_focus_visible',
  // Bold words in alert titles and tags („Details”, „Gebunden”) name no section of the page.
  'text_block_heading',
  // Measured by the sweep itself: `obscuredFocus` at 1280 × 757, 360 × 740 and 320 × 256.
  'element_tabbable_unobscured',
  // Mantine's comboboxes, tabs and segmented controls handle their keys (tested by keyboard).
  'aria_keyboard_handler_exists',
  // Links inside running text are exempt (WCAG 2.5.8); a number field's steppers are not tabbable.
  'target_spacing_sufficient',
  // Icon buttons (copy, show password) carry a German name; the copy buttons show it as a tooltip.
  'input_label_visible',
  // Framed pages are swept themselves (the assistant) or are a sent mail shown as it was sent.
  'frame_src_valid',
  // Two consents of the binding form are independent questions, not one group.
  'input_checkboxes_grouped',
]);

interface IbmResult {
  ruleId: string;
  reasonId: string;
  value: [string, string];
  message: string;
  path: { dom: string };
  snippet: string;
}

/**
 * Runs IBM's engine (WCAG 2.2 A and AA) on the page; returns one line per violation and per
 * potential violation that is not accepted, grouped by rule and reason.
 */
export async function ibmViolations(page: Page): Promise<string[]> {
  const results = (await page.evaluate(async () => {
    const ace = (
      window as unknown as {
        ace: { Checker: new () => { check: (context: Document, rules: string[]) => Promise<unknown> } };
      }
    ).ace;
    const report = (await new ace.Checker().check(document, ['WCAG_2_2'])) as {
      results: (IbmResult & { value: string[] })[];
    };
    // Only the fields read below: a result may hold objects too deep to send out of the page.
    return report.results
      .filter((result) => result.value[1] === 'FAIL' || result.value[1] === 'POTENTIAL')
      .map(({ ruleId, reasonId, value, message, path, snippet }) => ({
        ruleId,
        reasonId,
        value,
        message,
        path: { dom: path.dom },
        snippet,
      }));
  })) as IbmResult[];
  const failing = results.filter(
    ({ value: [kind, outcome], ruleId }) =>
      kind === 'VIOLATION' && (outcome === 'FAIL' || !ACCEPTED_IBM_POTENTIALS.has(ruleId)),
  );
  const groups = new Map<string, IbmResult[]>();
  for (const result of failing) {
    const key = `${result.ruleId}/${result.reasonId}/${result.value[1]}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups.values()].map((group) => {
    const [first] = group as [IbmResult, ...IbmResult[]];
    const where = group
      .slice(0, 4)
      .map((result) => `${result.snippet.slice(0, 100)} at ${result.path.dom}`)
      .join(' | ');
    const kind = first.value[1] === 'FAIL' ? 'violation' : 'potential violation';
    return `ibm ${first.ruleId} (${kind}, ${group.length}×): ${first.message} — ${where}`;
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
    // Both at once: a page that sends elsewhere (an unbound license's /download) shows its heading
    // and loader first, then for a moment neither, then the page it sends to.
    await page.waitForFunction(
      () =>
        document.querySelector('main h1') !== null &&
        ![...document.querySelectorAll('.mantine-Loader-root')].some(
          (loader) => loader.getClientRects().length > 0,
        ),
    );
    return [];
  } catch (error) {
    return [`page: did not finish loading (${(error as Error).message.split('\n')[0]})`];
  }
}

/**
 * Every element the keyboard reaches, focused in turn (which scrolls it into view as Tab does),
 * must not be covered by a fixed or sticky element (WCAG 2.4.11): one line per covered element,
 * naming what covers it. Covered means painted over: where the two meet, the cover is on top. The page is left with its focus and scroll position reset.
 */
export async function obscuredFocus(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()} „${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 40)}”`;
    const tabbable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter(
      (element) => element.getClientRects().length > 0 && !element.closest('[inert], [aria-hidden="true"]'),
    );
    const fixed = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const { position } = getComputedStyle(element);
      return (position === 'fixed' || position === 'sticky') && element.getClientRects().length > 0;
    });
    if (fixed.length === 0) return [];
    const problems: string[] = [];
    for (const element of tabbable) {
      element.focus();
      if (document.activeElement !== element) continue;
      const box = element.getBoundingClientRect();
      for (const cover of fixed) {
        if (cover.contains(element) || element.contains(cover)) continue;
        const over = cover.getBoundingClientRect();
        const overlaps =
          over.left < box.right && box.left < over.right && over.top < box.bottom && box.top < over.bottom;
        if (!overlaps) continue;
        // Whether the cover paints over the element there (a modal's overlay lies below its dialog).
        const x = (Math.max(over.left, box.left) + Math.min(over.right, box.right)) / 2;
        const y = (Math.max(over.top, box.top) + Math.min(over.bottom, box.bottom)) / 2;
        const top = document.elementFromPoint(x, y);
        if (top && (element.contains(top) || !cover.contains(top))) continue;
        problems.push(`obscured-focus: ${describe(element)} is covered by ${describe(cover)}`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return problems.slice(0, 6);
  });
}

/** An open cookie banner is the first stop of the Tab key, before the skip link and the page. */
export async function bannerNotFirst(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector('section[aria-label="Hinweis zur Speicherung"]');
    if (!banner) return [];
    const first = document.querySelector('a[href], button:not([disabled]), input, select, textarea');
    return first && banner.contains(first)
      ? []
      : [`banner-order: the cookie banner is not the first stop of the Tab key`];
  });
}

/**
 * Under forced colours (Windows high contrast; the test emulates `forced-colors: active`), what
 * the browser paints over: every control drawn by CSS (a switch's track, a checkbox, a legend's
 * swatch, a field's box) keeps a boundary of its own, and every current or selected choice (the
 * page in the navigation, a checked option, an open tab) looks different from its siblings. One
 * line per problem.
 */
export async function forcedColorProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Drawn for the eye: what screen readers skip (a switch's track, a legend's swatch) counts too.
    const shown = (element: Element) =>
      element.getClientRects().length > 0 && !element.closest('.lp-visually-hidden');
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} „${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('title') || '').trim().slice(0, 40)}”`;
    const canvas = getComputedStyle(document.body).backgroundColor;
    /** A border on some side, or a colour of its own that forced colours left alone. */
    const hasBoundary = (element: Element) => {
      const style = getComputedStyle(element);
      const border = (['Top', 'Right', 'Bottom', 'Left'] as const).some(
        (side) =>
          Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
          style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
          style.getPropertyValue(`border-${side.toLowerCase()}-color`) !== style.backgroundColor,
      );
      const ownColour =
        style.forcedColorAdjust === 'none' &&
        style.backgroundColor !== canvas &&
        !style.backgroundColor.endsWith(', 0)');
      return border || ownColour || style.outlineStyle !== 'none';
    };
    const problems: string[] = [];
    // Controls drawn by CSS: what the user sees of them, not a hidden native input.
    const drawn = [
      ...document.querySelectorAll('.mantine-Switch-track, .mantine-ColorSwatch-root'),
      ...document.querySelectorAll('input, select, textarea'),
    ].filter((element) => {
      if (element instanceof HTMLInputElement && ['hidden', 'radio'].includes(element.type)) return false;
      if (element.matches('.mantine-Switch-input')) return false;
      const box = element.getBoundingClientRect();
      return shown(element) && box.width > 4 && box.height > 4 && getComputedStyle(element).opacity !== '0';
    });
    for (const element of drawn) {
      // A text field's box is Mantine's input itself, or the wrapper of a password field.
      const visual = element.closest('.mantine-PasswordInput-input') ?? element;
      if (!hasBoundary(visual)) problems.push(`forced-colors: ${name(element)} has no visible boundary`);
    }
    // Current and selected choices against a sibling that is not chosen.
    const signature = (element: Element) => {
      const style = getComputedStyle(element);
      return [
        style.color,
        style.forcedColorAdjust === 'none' ? style.backgroundColor : '',
        style.borderTopColor,
        style.borderBottomColor,
        style.borderTopWidth,
        style.borderBottomWidth,
        style.borderLeftWidth,
        style.outlineStyle,
        style.textDecorationLine,
        style.fontWeight,
      ].join('|');
    };
    const chosen: [Element, Element][] = [];
    for (const current of document.querySelectorAll('[aria-current]:not([aria-current="false"])')) {
      const group = current.closest('nav, ul, ol, [role="list"]') ?? current.parentElement;
      const other = [...(group?.querySelectorAll(current.tagName) ?? [])].find(
        (element) => !element.hasAttribute('aria-current') && shown(element),
      );
      if (other) chosen.push([current, other]);
    }
    for (const tab of document.querySelectorAll('[role="tab"][aria-selected="true"]')) {
      const other = tab.closest('[role="tablist"]')?.querySelector('[role="tab"][aria-selected="false"]');
      if (other) chosen.push([tab, other]);
    }
    for (const radio of document.querySelectorAll<HTMLInputElement>('input[type="radio"]:checked')) {
      const other = [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"]`)].find(
        (element) => element.name === radio.name && !element.checked,
      );
      const label = (input: HTMLInputElement) =>
        (input.id && document.querySelector(`label[for="${CSS.escape(input.id)}"]`)) || input;
      if (other) chosen.push([label(radio), label(other)]);
    }
    for (const [current, other] of chosen) {
      if (shown(current) && signature(current) === signature(other)) {
        problems.push(`forced-colors: the chosen ${name(current)} looks like ${name(other)}`);
      }
    }
    return [...new Set(problems)].slice(0, 8);
  });
}

/** Links that open a new tab say so in their name (WCAG 3.2.5, G201). */
export async function newTabProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    (note) =>
      [...document.querySelectorAll('a[target="_blank"]')]
        .filter(
          (link) =>
            !(link.textContent ?? '').includes(note) &&
            !(link.getAttribute('aria-label') ?? '').includes(note),
        )
        .slice(0, 6)
        .map(
          (link) =>
            `new-tab: „${(link.textContent ?? '').trim().slice(0, 40)}” opens a new tab without saying so`,
        ),
    NEW_TAB_NOTE,
  );
}

/**
 * A page that has just loaded announces nothing: `role="alert"` interrupts a screen reader, and a
 * notice that stands on the page (Mantine's alerts by default) is a note (decision 063). Alerts
 * are for what follows an action, and the error states are swept after theirs.
 */
export async function alertsAtLoad(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="alert"]')]
      .filter(
        (element) => element.getClientRects().length > 0 && !element.closest('.mantine-Notification-root'),
      )
      .slice(0, 4)
      .map(
        (element) =>
          `alert-at-load: „${(element.textContent ?? '').trim().slice(0, 60)}” interrupts as role="alert"`,
      ),
  );
}

/**
 * Headings go down one level at a time (WCAG 1.3.1): a page's h1 is followed by h2, never by h3,
 * so a screen reader's list of headings shows the page's structure.
 */
export async function headingLevelProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const headings = [...document.querySelectorAll('main :is(h1, h2, h3, h4, h5, h6)')].filter(
      (heading) => heading.getClientRects().length > 0 || heading.closest('.lp-visually-hidden'),
    );
    const problems: string[] = [];
    let level = 0;
    for (const heading of headings) {
      const next = Number(heading.tagName[1]);
      if (level > 0 && next > level + 1) {
        problems.push(
          `heading-levels: „${(heading.textContent ?? '').trim().slice(0, 40)}” is h${next} after h${level}`,
        );
      }
      level = next;
    }
    return problems.slice(0, 4);
  });
}
