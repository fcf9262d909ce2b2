/**
 * The assistant's first load inside the shop's iframe, in headless Chromium: the bytes of
 * JavaScript and CSS the frame receives on the wire (its resource timings' transfer sizes) and the
 * time until its welcome step can be used — beside a bare Vite React page (the floor) built like
 * the portal in the same run and served by the portal's own server at the assistant's address.
 * Both are framed the way the shop frames the assistant: by a page of another site (the shop page
 * on 127.0.0.1, the frame on localhost). Targets: at most 150 KB of JavaScript (issue #10) and
 * 200 KiB of JavaScript and CSS (issue #21) on the wire, interactive within twice the floor's time,
 * and no back-office code in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type FrameLocator, type Locator } from 'playwright-core';
import { ASSISTANT_PATH } from '../packages/domain/src/pages.ts';
import { BARE_PAGE_BUTTON, buildBareReactPage } from './lib/bare-react-page.ts';
import { ROOT, startPortal, startReferenceServer, stop } from './lib/processes.ts';

const PORTAL_PORT = 3904;
const FLOOR_PORT = 3905;
const SHOP_PORT = 3906;
/** The shop's site; the framed pages are on another one. */
const SHOP = `http://127.0.0.1:${SHOP_PORT}`;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 9);
const TARGETS = { javaScriptKb: 150, firstLoadKb: 200, timeRatio: 2 } as const;
/** Chunks of the back office: none of them may load in the shop's iframe. */
const BACK_OFFICE_CHUNK = /mantine-datatable|querybuilder|license-list-page|filter-builder/;

interface FramedPage {
  name: string;
  /** The address the shop page frames. */
  url: string;
  /** What the user can use once the page is ready. */
  ready: (frame: FrameLocator) => Locator;
  /** The text of that button: the frame notes when it is there and enabled, to tell its first load. */
  readyButton: RegExp;
}

const FLOOR: FramedPage = {
  name: 'bare Vite React page (floor)',
  url: `http://localhost:${FLOOR_PORT}${ASSISTANT_PATH}`,
  ready: (frame) => frame.getByRole('button', { name: BARE_PAGE_BUTTON }),
  readyButton: BARE_PAGE_BUTTON,
};
const ASSISTANT: FramedPage = {
  name: 'assistant',
  url: `http://localhost:${PORTAL_PORT}${ASSISTANT_PATH}`,
  ready: (frame) => frame.getByRole('button', { name: /^Assistent starten/ }),
  readyButton: /^Assistent starten/,
};

interface Load {
  milliseconds: number;
  /** Bytes on the wire (resource timing's transfer sizes) of what the frame requested before it was ready: its first load. */
  javaScript: number;
  css: number;
  /** Bytes on the wire of the JavaScript it requested after that, until its network was idle (prefetches). */
  laterJavaScript: number;
  files: string[];
}

interface Transfer {
  url: string;
  /** Bytes on the wire: headers and the body as sent (compressed, where the server compressed it). */
  transferSize: number;
  beforeReady: boolean;
}

/**
 * Runs in every frame before its scripts: notes (page time) when a button with this text is there
 * and enabled. The frame's resource timings then tell what it requested before it was usable —
 * the bench's own polling sees that moment later, after a prefetch may have started. (Text, not a
 * function: the bench is compiled without the DOM's types.)
 */
const noteWhenReady = (button: RegExp) => `{
  const button = new RegExp(${JSON.stringify(button.source)});
  const observer = new MutationObserver(() => {
    const ready = [...document.querySelectorAll('button')].some(
      (element) => !element.disabled && button.test(element.textContent.trim()),
    );
    if (!ready) return;
    window.benchReadyAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}`;

/** What the frame received, as its browser counted it (the frame's own resource timings). */
const frameTransfers = `performance.getEntriesByType('resource').map((entry) => ({
  url: entry.name,
  transferSize: entry.transferSize,
  beforeReady: entry.startTime <= (window.benchReadyAt ?? Infinity),
}))`;

/** One cold load (a new browser context) of the shop page framing `subject`. */
async function loadOnce(browser: Browser, subject: FramedPage): Promise<Load> {
  const context = await browser.newContext({ locale: 'de-DE' });
  await context.addInitScript({ content: noteWhenReady(subject.readyButton) });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${SHOP}/?frame=${encodeURIComponent(subject.url)}`);
  const target = subject.ready(page.frameLocator('iframe'));
  await target.waitFor({ timeout: 30_000 });
  while (!(await target.isEnabled())) await new Promise((resolve) => setImmediate(resolve));
  const milliseconds = performance.now() - started;
  const frame = page.mainFrame().childFrames()[0]!;
  await frame.waitForLoadState('networkidle');
  const files = (await frame.evaluate(frameTransfers)) as Transfer[];
  await context.close();
  const sum = (extension: string, beforeReady: boolean) =>
    files
      .filter((file) => new URL(file.url).pathname.endsWith(extension) && file.beforeReady === beforeReady)
      .reduce((total, file) => total + file.transferSize, 0);
  return {
    milliseconds,
    javaScript: sum('.js', true),
    css: sum('.css', true),
    laterJavaScript: sum('.js', false),
    files: files.map((file) => file.url),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(): Promise<void> {
  console.log(
    `\n# Assistant first load (headless Chromium, loopback, framed cross-site, median of ${RUNS} cold loads)`,
  );
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/assistant.html'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-'));
  const floorDist = await buildBareReactPage(path.join(tempDir, 'bare-react-page'));
  const portalSettings = (name: string, port: number) => {
    fs.mkdirSync(path.join(tempDir, name));
    return {
      LOG_LEVEL: 'warn',
      DATA_DIR: path.join(tempDir, name),
      PUBLIC_URL: `http://localhost:${port}`,
      SHOP_ORIGIN: SHOP,
    };
  };
  const portal = await startPortal(PORTAL_PORT, portalSettings('portal', PORTAL_PORT));
  // The same server on the floor's build, which it sends at the assistant's address as well: the
  // same headers (the shop may frame it), compression and caching.
  const floorServer = await startPortal(FLOOR_PORT, {
    ...portalSettings('floor', FLOOR_PORT),
    WEB_DIST_DIR: floorDist,
  });
  const shopServer = await startReferenceServer('shop-page-server.ts', SHOP_PORT);
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const loads = new Map<FramedPage, Load[]>([
      [FLOOR, []],
      [ASSISTANT, []],
    ]);
    // Warm the servers' file caches once, then alternate so both pages see the same machine.
    for (const subject of [FLOOR, ASSISTANT]) await loadOnce(browser, subject);
    for (let run = 0; run < RUNS; run++) {
      for (const subject of [FLOOR, ASSISTANT]) loads.get(subject)!.push(await loadOnce(browser, subject));
    }
    const summary = (subject: FramedPage) => {
      const runs = loads.get(subject)!;
      return { ...runs[0]!, milliseconds: median(runs.map((load) => load.milliseconds)) };
    };
    const floor = summary(FLOOR);
    const assistant = summary(ASSISTANT);
    for (const [subject, figures] of [
      [FLOOR, floor],
      [ASSISTANT, assistant],
    ] as const) {
      console.log(
        `  ${subject.name.padEnd(29)} JS ${kb(figures.javaScript).padStart(9)}  CSS ${kb(figures.css).padStart(8)}  ` +
          `ready after ${figures.milliseconds.toFixed(0).padStart(5)} ms  (${(figures.milliseconds / floor.milliseconds).toFixed(2)}× floor)` +
          (figures.laterJavaScript > 0 ? `  then prefetched JS ${kb(figures.laterJavaScript)}` : ''),
      );
    }
    const backOffice = assistant.files.filter((file) => BACK_OFFICE_CHUNK.test(file));
    const javaScriptOk = assistant.javaScript / 1024 <= TARGETS.javaScriptKb;
    const firstLoadOk = (assistant.javaScript + assistant.css) / 1024 <= TARGETS.firstLoadKb;
    const timeOk = assistant.milliseconds / floor.milliseconds <= TARGETS.timeRatio;
    console.log(
      `  target JS ≤ ${TARGETS.javaScriptKb} KB on the wire: ${javaScriptOk ? 'met' : 'MISSED'}; ` +
        `JS + CSS ≤ ${TARGETS.firstLoadKb} KB: ${firstLoadOk ? 'met' : 'MISSED'}; ` +
        `ready ≤ ${TARGETS.timeRatio}× floor: ${timeOk ? 'met' : 'MISSED'}; ` +
        `back-office code loaded: ${backOffice.length === 0 ? 'none' : backOffice.join(', ')}`,
    );
  } finally {
    await browser.close();
    await Promise.all([stop(portal), stop(floorServer), stop(shopServer)]);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await run();
