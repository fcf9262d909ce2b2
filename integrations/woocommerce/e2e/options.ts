/** The run's command line: where WordPress and WooCommerce come from. */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const HELP = `npm run shop:e2e -- --wordpress <dir> --woocommerce <dir>

The WooCommerce plugin on a real shop (issue #36, decision 065): installs WordPress and
WooCommerce from the given source folders into a temporary site (MariaDB on 127.0.0.1:3306 as
root without password, a throwaway database; php-cli with php-mysql; served by php -S), activates
the plugin, starts the portal, and drives Chromium through the assistant in the shop page into
WooCommerce's cart and checkout. Compares WooCommerce's cart and order totals with the
assistant's to the cent, follows each order paid through the webhook to its licenses and mail,
and checks that a forged token, a changed quantity and a direct add are refused. Exits 1 when a
figure differs or a refusal did not happen.

  --wordpress <dir>    WordPress's files (a checkout of johnpbloch/wordpress-core, tag 7.1.0)
                       or SHOP_E2E_WORDPRESS
  --woocommerce <dir>  WooCommerce's plugin folder (wp-content/plugins/woocommerce of
                       bitpoke/stack-example-wordpress: WooCommerce 11.0.1) or SHOP_E2E_WOOCOMMERCE
  --only <n>           only the first n price cases (a quick run)
  --help               this text

CHROMIUM_PATH (default /usr/bin/chromium); SHOP_E2E_LOG=<file> keeps php -S's output.`;

export interface Sources {
  wordpress: string;
  woocommerce: string;
}

export interface Options {
  sources: Sources;
  only: number | undefined;
}

/** The options, or null after printing the help (asked for, or something missing). */
export function readOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      wordpress: { type: 'string' },
      woocommerce: { type: 'string' },
      only: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  const wordpress = values.wordpress ?? process.env['SHOP_E2E_WORDPRESS'];
  const woocommerce = values.woocommerce ?? process.env['SHOP_E2E_WOOCOMMERCE'];
  if (values.help || !wordpress || !woocommerce) {
    console.log(HELP);
    if (!values.help) process.exitCode = 2;
    return null;
  }
  const sources = { wordpress: path.resolve(wordpress), woocommerce: path.resolve(woocommerce) };
  for (const [file, what] of [
    [path.join(sources.wordpress, 'wp-includes/version.php'), 'WordPress'],
    [path.join(sources.woocommerce, 'woocommerce.php'), 'WooCommerce'],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: that folder holds no ${what}`);
  }
  return { sources, only: values.only === undefined ? undefined : Number(values.only) };
}
