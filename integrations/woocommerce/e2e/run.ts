/**
 * `npm run shop:e2e`: the WooCommerce plugin on a real shop (issue #36, decision 065); see
 * options.ts for what it does and needs. Prints a table of every price case and refusal and exits
 * 1 when a figure differs or a refusal did not happen.
 */
import os from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { PRICE_CASES } from './cases.ts';
import { readOptions } from './options.ts';
import { startPortal } from './portal.ts';
import { cleanUp, onCleanup } from './processes.ts';
import { printCases, printRefusals } from './report.ts';
import { buyCase, newPurchaseToken } from './purchase.ts';
import { checkRefusals } from './refusals.ts';
import { startShop } from './shop-site.ts';

const options = readOptions(process.argv.slice(2));
if (options) {
  const started = Date.now();
  let failed = true;
  try {
    console.log('Setting up the shop (WordPress, WooCommerce, the plugin) …');
    const shop = await startShop(options.sources);
    console.log(`Shop at ${shop.home}; starting the portal …`);
    const portal = await startPortal(shop);
    shop.connect({ url: portal.url, publicKeys: portal.publicKeys, webhookSecret: portal.webhookSecret });
    console.log(`Portal at ${portal.url}; the buyer starts.`);
    const browser: Browser = await chromium.launch({
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      headless: true,
      // Ctrl-C is this script's to handle: Playwright's own handler would exit before the clean-up.
      handleSIGINT: false,
      handleSIGTERM: false,
    });
    onCleanup(() => browser.close());

    const results = [];
    for (const priceCase of PRICE_CASES.slice(0, options.only)) {
      const result = await buyCase(browser, shop, portal, priceCase);
      console.log(
        `  ${result.ok ? 'ok  ' : 'DIFF'} ${priceCase.country} ${priceCase.name} (${result.seconds} s)`,
      );
      if (!result.ok) console.log(`  the portal's last output:\n${portal.log()}`);
      results.push(result);
    }
    const refusalPage = await (await browser.newContext()).newPage();
    await refusalPage.goto(shop.assistantPage);
    const refusals = await checkRefusals(refusalPage, shop, await newPurchaseToken(portal));

    printCases(results);
    printRefusals(refusals);
    failed = results.some((result) => !result.ok) || refusals.some((refusal) => !refusal.passed);
    console.log(
      `\n${failed ? 'FAILED' : 'PASSED'}: ${results.length} price cases, ${refusals.length} refusals in ${Math.round((Date.now() - started) / 1000)} s; load ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  } catch (error) {
    console.error(error);
  } finally {
    await cleanUp();
  }
  process.exitCode = failed ? 1 : 0;
}
