/**
 * The assistant's first load inside the shop's iframe, in headless Chromium: JavaScript and CSS
 * it downloads (gzip sizes) and the time until its welcome step can be used — beside the portal's
 * login page, the lightest page of the same build, measured in the same run. Targets (issue #10):
 * at most 150 KB gzip JavaScript for the assistant, interactive within twice the floor's time,
 * and no back-office code in it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ROOT, startPortal, stop } from './lib/processes.ts';

const PORT = 3904;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 9);
const TARGETS = { javaScriptKb: 150, timeRatio: 2 } as const;
/** Chunks of the back office: none of them may load in the shop's iframe. */
const BACK_OFFICE_CHUNK = /mantine-datatable|querybuilder|license-list-page|filter-builder/;

interface PageUnderTest {
  name: string;
  path: string;
  /** The assistant's own loads are those inside the iframe (the shop page is not the assistant). */
  framed: boolean;
  /** What the user can use once the page is ready. */
  ready: (page: Page) => Locator;
}

const LOGIN: PageUnderTest = {
  name: 'login page (floor)',
  path: '/login',
  framed: false,
  ready: (page) => page.getByLabel('Lizenzschlüssel', { exact: true }),
};
const ASSISTANT: PageUnderTest = {
  name: 'assistant (its iframe)',
  path: '/shop-demo',
  framed: true,
  ready: (page) => page.frameLocator('iframe').getByRole('button', { name: /^Assistent starten/ }),
};

interface Load {
  milliseconds: number;
  javaScript: number;
  css: number;
  files: string[];
}

async function loadOnce(browser: Browser, subject: PageUnderTest): Promise<Load> {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  const bodies: Promise<{ url: string; type: string; gzip: number }>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    if (subject.framed === (response.frame() === page.mainFrame())) return;
    bodies.push(
      response.body().then((body) => ({ url: response.url(), type, gzip: zlib.gzipSync(body).length })),
    );
  });
  const started = performance.now();
  await page.goto(`${BASE}${subject.path}`);
  const target = subject.ready(page);
  await target.waitFor({ timeout: 30_000 });
  while (!(await target.isEnabled())) await new Promise((resolve) => setImmediate(resolve));
  const milliseconds = performance.now() - started;
  const files = await Promise.all(bodies);
  await context.close();
  const sum = (type: string) =>
    files.filter((file) => file.type === type).reduce((total, file) => total + file.gzip, 0);
  return {
    milliseconds,
    javaScript: sum('script'),
    css: sum('stylesheet'),
    files: files.map((file) => file.url),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function run(): Promise<void> {
  console.log(`\n# Assistant first load (headless Chromium, loopback, median of ${RUNS} cold loads)`);
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-bench-'));
  const portal = await startPortal(PORT, { LOG_LEVEL: 'warn', DATA_DIR: dataDir, PUBLIC_URL: BASE });
  const browser = await chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const loads = new Map<PageUnderTest, Load[]>([
      [LOGIN, []],
      [ASSISTANT, []],
    ]);
    // Warm the server's file cache once, then alternate so both pages see the same machine.
    await loadOnce(browser, ASSISTANT);
    for (let run = 0; run < RUNS; run++) {
      for (const subject of [LOGIN, ASSISTANT]) loads.get(subject)!.push(await loadOnce(browser, subject));
    }
    const summary = (subject: PageUnderTest) => {
      const runs = loads.get(subject)!;
      return {
        milliseconds: median(runs.map((load) => load.milliseconds)),
        javaScript: runs[0]!.javaScript,
        css: runs[0]!.css,
        files: runs[0]!.files,
      };
    };
    const floor = summary(LOGIN);
    const assistant = summary(ASSISTANT);
    for (const [subject, figures] of [
      [LOGIN, floor],
      [ASSISTANT, assistant],
    ] as const) {
      console.log(
        `  ${subject.name.padEnd(26)} JS ${kb(figures.javaScript).padStart(9)}  CSS ${kb(figures.css).padStart(8)}  ` +
          `ready after ${figures.milliseconds.toFixed(0).padStart(5)} ms  (${(figures.milliseconds / floor.milliseconds).toFixed(2)}× floor)`,
      );
    }
    const backOffice = assistant.files.filter((file) => BACK_OFFICE_CHUNK.test(file));
    const javaScriptOk = assistant.javaScript / 1024 <= TARGETS.javaScriptKb;
    const timeOk = assistant.milliseconds / floor.milliseconds <= TARGETS.timeRatio;
    console.log(
      `  target JS ≤ ${TARGETS.javaScriptKb} KB gzip: ${javaScriptOk ? 'met' : 'MISSED'}; ` +
        `ready ≤ ${TARGETS.timeRatio}× floor: ${timeOk ? 'met' : 'MISSED'}; ` +
        `back-office code loaded: ${backOffice.length === 0 ? 'none' : backOffice.join(', ')}`,
    );
  } finally {
    await browser.close();
    await stop(portal);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await run();
