/**
 * Lighthouse (mobile preset: simulated slow 4G, 4× CPU slowdown) on the pages buyers, holders and
 * admins open first, beside a bare Vite React page built like the portal (Vite, precompressed) and
 * served by the portal's own server in the same run: the floor. Each figure is the median of RUNS
 * runs per page. Simulated throttling still depends on the machine's CPU: compare ratios to the
 * floor and rerun on a quiet machine for absolute figures. Targets (issue #21): performance ≥ 90 on
 * the customer pages and ≥ 80 on the back office's, LCP ≤ 1.5× the floor's, the assistant's first
 * load (what had arrived at its largest paint) ≤ 200 KiB on the wire, and (issue #42) all it loads,
 * the later steps fetched after that paint too, ≤ 200 KiB; accessibility 100.
 * `npm run build` first; BENCH_RUNS sets the runs per page. While working on one page:
 * BENCH_PAGES picks pages by a part of their name (`BENCH_PAGES=assistant,admin login`; the floor
 * always runs), BENCH_UNUSED=1 lists the files behind the unused-JavaScript and unused-CSS figures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { ASSISTANT_PATH } from '../packages/domain/src/pages.ts';
import { buildBareReactPage } from './lib/bare-react-page.ts';
import { ROOT, startPortal, stop } from './lib/processes.ts';

/** BENCH_PORT moves both servers (the floor's is the next port): two sessions can measure at once. */
const PORTAL_PORT = Number(process.env['BENCH_PORT'] ?? 3921);
const FLOOR_PORT = PORTAL_PORT + 1;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const PAGE_FILTER = process.env['BENCH_PAGES']?.split(',').map((part) => part.trim().toLowerCase());
const LIST_UNUSED = process.env['BENCH_UNUSED'] === '1';
const DESCRIBE_LCP = process.env['BENCH_LCP'] === '1';
const ATTEMPTS = 3;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };
/** What a holder binds the license to: a school, as most of them are. */
const HOLDER = {
  holderType: 'organization',
  name: 'Gesamtschule Musterstadt',
  contact: 'Erika Mustermann',
  email: 'it@gesamtschule-musterstadt.example',
  emailConfirmation: 'it@gesamtschule-musterstadt.example',
};
/** Licenses in the database: the admin's list shows a full page. */
const LICENSES = 50;
/** The sandbox's Chromium: no GPU, no network beyond loopback, nothing of its own in the background. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type Audience = 'floor' | 'customer' | 'back office';

interface MeasuredPage {
  name: string;
  path: string;
  audience: Audience;
  /** Who is signed in (the token the app keeps in local storage), or nobody. */
  signedInAs?: 'holder' | 'admin';
  /** A request only that user's page makes: proof that the run measured the signed-in page. */
  signedInRequest?: RegExp;
  /**
   * A returning visitor, who accepted the cookie banner before: the page's own content is then
   * its largest paint, not the banner's text that a first visit paints with the entry.
   */
  returning?: boolean;
  /** A score goal of its own, above its audience's (`TARGETS.score`). */
  scoreAtLeast?: number;
}

const PAGES: MeasuredPage[] = [
  { name: 'assistant', path: ASSISTANT_PATH, audience: 'customer' },
  { name: 'customer login', path: '/login', audience: 'customer' },
  // „Meine Lizenz” is the start page of a signed-in holder.
  {
    name: 'Meine Lizenz (bound v9)',
    path: '/',
    audience: 'customer',
    signedInAs: 'holder',
    // The holder's page shows the license the signed-in user's record brings.
    signedInRequest: /\/api\/v1\/auth\/user$/,
  },
  { name: 'admin login', path: '/backend/login', audience: 'back office' },
  {
    name: 'license list (admin)',
    path: '/backend/license',
    audience: 'back office',
    signedInAs: 'admin',
    signedInRequest: /\/api\/v1\/license\?/,
  },
  {
    name: 'license list, returning',
    path: '/backend/license',
    audience: 'back office',
    signedInAs: 'admin',
    signedInRequest: /\/api\/v1\/license\?/,
    returning: true,
    // Issue #42: a returning admin's list as fast as a first visit's (decision 068).
    scoreAtLeast: 90,
  },
];
const FLOOR: MeasuredPage = { name: 'bare Vite React page (floor)', path: '/', audience: 'floor' };

const TARGETS = {
  score: { customer: 90, 'back office': 80 },
  lcpRatio: 1.5,
  assistantKiB: 200,
  /** Issue #42: everything the assistant loads, its later steps' prefetch too (total byte weight). */
  assistantTotalKiB: 200,
  accessibility: 100,
} as const;
/** The key under which the web app keeps its sign-in token (apps/web/src/lib/auth/token.ts). */
const TOKEN_KEY = 'user-token';
/** The key under which the cookie banner keeps its acceptance (features/legal/components/cookie-banner.tsx). */
const CONSENT_KEY = 'cookie-consent';

interface Figures {
  score: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  /** Bytes on the wire of everything the page loaded during the run (prefetches too). */
  bytes: number;
  /**
   * Bytes on the wire of what had arrived when the page painted its largest content: what its
   * first screen needed. A prefetch starts once the page is ready and ends after that paint.
   */
  firstLoadBytes: number;
  unusedJavaScript: number;
  unusedCss: number;
  /** The files behind the two unused figures, most unused bytes first (of one run). */
  unusedFiles: string[];
  /** The largest paint's element and its phases (time to first byte, load delay, …), of this run. */
  lcpElement: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(2)} s`;

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Licenses for the admin's list, one of them a v9 license bound by its holder: their tokens. */
async function seed(base: string): Promise<Record<'holder' | 'admin', string>> {
  const { token: admin } = await postJson<{ token: string }>(`${base}/api/v1/auth/admin`, ADMIN);
  const { licenses } = await postJson<{ licenses: { _id: string; key: string; startCode: string }[] }>(
    `${base}/api/v1/license`,
    { version: '9', properties: { dvdCount: 0 }, count: LICENSES, generateStarterDocument: false },
    admin,
  );
  const license = licenses[0]!;
  const { token: unbound } = await postJson<{ token: string }>(`${base}/api/v1/auth/license`, {
    key: license.key,
    authenticationCode: license.startCode,
  });
  await postJson(`${base}/api/v1/license/${license._id}/holder`, HOLDER, unbound);
  const { token: holder } = await postJson<{ token: string }>(`${base}/api/v1/auth/license`, {
    key: license.key,
    authenticationCode: HOLDER.name,
  });
  return { holder, admin };
}

/**
 * Signs the browser in (or out) on the portal's origin, as the app does after a login, and accepts
 * the cookie banner for a returning visitor (or forgets that it was accepted).
 */
async function prepareStorage(
  debuggingPort: number,
  origin: string,
  token: string | null,
  returning: boolean,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/robots.txt`);
    // The banner keeps its acceptance as the JSON of the time it was given (Mantine's useLocalStorage).
    const consent = returning ? JSON.stringify(new Date().toISOString()) : null;
    await page.evaluate(
      (entries) => {
        for (const [key, value] of entries) {
          if (value === null) localStorage.removeItem(key);
          else localStorage.setItem(key, value);
        }
      },
      [
        [TOKEN_KEY, token],
        [CONSENT_KEY, consent],
      ] as const,
    );
    await page.close();
  } finally {
    // Connected, not launched: this disconnects and leaves the browser (and its storage) as it is.
    await browser.close();
  }
}

let savedRuns = 0;

/**
 * BENCH_SAVE=<dir>: each run's report (`NN-<path>.lhr.json`) and what Lighthouse simulated from
 * (`NN-<path>.artifacts.json`: the trace, the DevTools log, the settings), to see which requests
 * and tasks its simulation counted into a metric (decision 059).
 */
function saveRun(result: RunnerResult, url: string): void {
  const dir = process.env['BENCH_SAVE'];
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const name = `${String(++savedRuns).padStart(2, '0')}-${new URL(url).pathname.replaceAll('/', '_')}`;
  fs.writeFileSync(path.join(dir, `${name}.lhr.json`), JSON.stringify(result.lhr));
  const { Trace, DevtoolsLog, URL: urls } = result.artifacts as unknown as Record<string, unknown>;
  const artifacts = { Trace, DevtoolsLog, URL: urls, settings: result.lhr.configSettings };
  fs.writeFileSync(path.join(dir, `${name}.artifacts.json`), JSON.stringify(artifacts));
}

/**
 * One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, which a machine busy
 * enough produces now and then) is taken again, up to ATTEMPTS times.
 */
async function lighthouseRun(debuggingPort: number, url: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) {
      saveRun(result, url);
      return result.lhr;
    }
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${error.message}`);
    console.log(`  (${url}: ${error.code}, run again)`);
  }
}

/**
 * „LCP 2.31 s: <p …> „Dieses Portal …” (observed: timeToFirstByte 12 ms, elementRenderDelay 610 ms)”:
 * the element of Lighthouse's LCP breakdown and the parts of its time in the unthrottled load.
 */
function describeLcp(lhr: Result): string {
  type Part = {
    type?: string;
    snippet?: string;
    nodeLabel?: string;
    items?: { subpart?: string; duration?: number }[];
  };
  const parts = (lhr.audits['lcp-breakdown-insight']?.details as { items?: Part[] } | undefined)?.items ?? [];
  const node = parts.find((part) => part.type === 'node');
  const subparts = parts.find((part) => part.type === 'table')?.items ?? [];
  const observed = subparts.map((part) => `${part.subpart} ${Math.round(part.duration ?? 0)} ms`).join(', ');
  const lcp = seconds(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
  return `LCP ${lcp}: ${node?.snippet ?? '?'} „${(node?.nodeLabel ?? '').slice(0, 60)}” (observed: ${observed})`;
}

async function measure(debuggingPort: number, url: string, signedInRequest?: RegExp): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) {
    runs.push(figuresOf(await lighthouseRun(debuggingPort, url), signedInRequest));
  }
  const of = (pick: (figures: Figures) => number) => median(runs.map(pick));
  return {
    score: of((figures) => figures.score),
    accessibility: of((figures) => figures.accessibility),
    lcp: of((figures) => figures.lcp),
    tbt: of((figures) => figures.tbt),
    bytes: of((figures) => figures.bytes),
    firstLoadBytes: of((figures) => figures.firstLoadBytes),
    unusedJavaScript: of((figures) => figures.unusedJavaScript),
    unusedCss: of((figures) => figures.unusedCss),
    unusedFiles: runs.at(-1)!.unusedFiles,
    lcpElement: runs.map((figures) => figures.lcpElement).join('\n'),
  };
}

interface NetworkRequest {
  url: string;
  statusCode: number;
  transferSize: number;
  networkEndTime: number;
}

function figuresOf(lhr: Result, signedInRequest?: RegExp): Figures {
  /** The rows of an audit's table (Lighthouse types its details as one union of every kind). */
  const rows = <Row>(audit: string) => (lhr.audits[audit]?.details as unknown as { items: Row[] }).items;
  const requests = rows<NetworkRequest>('network-requests');
  if (
    signedInRequest &&
    !requests.some((request) => signedInRequest.test(request.url) && request.statusCode === 200)
  ) {
    throw new Error(`${lhr.requestedUrl} was not measured signed in: no ${signedInRequest} answered 200`);
  }
  // The observed (unthrottled) timeline, which the requests' times are on.
  const observed = rows<{ observedLargestContentfulPaint: number }>('metrics')[0]!
    .observedLargestContentfulPaint;
  const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const savings = (audit: string) =>
    (lhr.audits[audit]?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0;
  const unusedFiles = ['unused-javascript', 'unused-css-rules'].flatMap((audit) =>
    (rows<{ url: string; wastedBytes: number; totalBytes: number }>(audit) ?? []).map(
      (item) =>
        `${audit === 'unused-css-rules' ? 'CSS' : 'JS '} ${kib(item.wastedBytes)} of ${kib(item.totalBytes)} ${item.url}`,
    ),
  );
  return {
    lcpElement: describeLcp(lhr),
    score: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    bytes: numeric('total-byte-weight'),
    firstLoadBytes: requests
      .filter((request) => request.networkEndTime <= observed)
      .reduce((total, request) => total + request.transferSize, 0),
    unusedJavaScript: savings('unused-javascript'),
    unusedCss: savings('unused-css-rules'),
    unusedFiles,
  };
}

function row(page: MeasuredPage, figures: Figures, floor: Figures): string {
  const lcpRatio = figures.lcp / floor.lcp;
  const verdicts: string[] = [];
  if (page.audience !== 'floor') {
    const scoreTarget = page.scoreAtLeast ?? TARGETS.score[page.audience];
    verdicts.push(`score ≥ ${scoreTarget} ${figures.score >= scoreTarget ? 'met' : 'MISSED'}`);
    verdicts.push(`LCP ≤ ${TARGETS.lcpRatio}× ${lcpRatio <= TARGETS.lcpRatio ? 'met' : 'MISSED'}`);
    verdicts.push(
      `a11y ${TARGETS.accessibility} ${figures.accessibility >= TARGETS.accessibility ? 'met' : 'MISSED'}`,
    );
    if (page.path === ASSISTANT_PATH) {
      const met = figures.firstLoadBytes / 1024 <= TARGETS.assistantKiB;
      verdicts.push(`≤ ${TARGETS.assistantKiB} KiB ${met ? 'met' : 'MISSED'}`);
      const allMet = figures.bytes / 1024 <= TARGETS.assistantTotalKiB;
      verdicts.push(`≤ ${TARGETS.assistantTotalKiB} KiB in all ${allMet ? 'met' : 'MISSED'}`);
    }
  }
  return [
    `  ${page.name.padEnd(29)}`,
    String(figures.score).padStart(5),
    (page.audience === 'floor' ? '–' : String(figures.accessibility)).padStart(5),
    seconds(figures.lcp).padStart(8),
    `${figures.tbt.toFixed(0)} ms`.padStart(8),
    kib(figures.firstLoadBytes).padStart(9),
    kib(figures.bytes).padStart(9),
    `${lcpRatio.toFixed(2)}×`.padStart(7),
    `${(figures.firstLoadBytes / floor.firstLoadBytes).toFixed(1)}×`.padStart(7),
    kib(figures.unusedJavaScript).padStart(9),
    kib(figures.unusedCss).padStart(9),
    `  ${verdicts.join(', ')}`,
  ].join(' ');
}

export async function run(): Promise<void> {
  console.log(
    `\n# Lighthouse, mobile preset (simulated slow 4G, 4× CPU), median of ${RUNS} runs per page; load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/assistant.html'))) {
    throw new Error('The web app is not built: run `npm run build` first.');
  }
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-lighthouse-'));
  const floorDist = await buildBareReactPage(path.join(tempDir, 'bare-react-page'));
  const portalSettings = (name: string) => {
    fs.mkdirSync(path.join(tempDir, name));
    return {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-'.repeat(8),
      SHOP_WEBHOOK_SECRET: 'benchwebhooksecret'.repeat(2),
      SHOP_CART_SIGNING_KEY: 'benchcartsigningkey'.repeat(2),
      DATA_DIR: path.join(tempDir, name),
    };
  };
  const portalOrigin = `http://localhost:${PORTAL_PORT}`;
  const portal = await startPortal(PORTAL_PORT, {
    ...portalSettings('portal'),
    PUBLIC_URL: portalOrigin,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  });
  // The same server on the floor's build: the same headers, compression and caching.
  const floorServer = await startPortal(FLOOR_PORT, { ...portalSettings('floor'), WEB_DIST_DIR: floorDist });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const tokens = await seed(`http://127.0.0.1:${PORTAL_PORT}`);
    const floor = await measure(chrome.port, `http://localhost:${FLOOR_PORT}${FLOOR.path}`);
    console.log(
      `  ${'page'.padEnd(29)} score  a11y      LCP      TBT first load    total  LCP×fl bytes×fl  unused JS unused CSS  targets`,
    );
    console.log(row(FLOOR, floor, floor));
    const pages = PAGES.filter(
      (page) => !PAGE_FILTER || PAGE_FILTER.some((part) => page.name.toLowerCase().includes(part)),
    );
    for (const page of pages) {
      const token = page.signedInAs ? tokens[page.signedInAs] : null;
      await prepareStorage(chrome.port, portalOrigin, token, page.returning ?? false);
      const figures = await measure(chrome.port, `${portalOrigin}${page.path}`, page.signedInRequest);
      console.log(row(page, figures, floor));
      if (LIST_UNUSED) for (const file of figures.unusedFiles) console.log(`      ${file}`);
      if (DESCRIBE_LCP) for (const line of figures.lcpElement.split('\n')) console.log(`      ${line}`);
    }
    console.log(
      `  (load average after the run: ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')})`,
    );
  } finally {
    chrome.kill();
    await Promise.all([stop(portal), stop(floorServer)]);
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) await run();
