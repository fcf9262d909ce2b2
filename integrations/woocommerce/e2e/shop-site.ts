/**
 * The test shop: WordPress and WooCommerce copied from their source folders into a temporary
 * site, a throwaway MariaDB database, the plugin from its zip, served by `php -S`, set up by
 * site/setup.php. Everything is removed again at clean-up.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRODUCTS, SKUS, VAT_RATES, type Sku } from '@lizenzportal/domain';
import { buildPluginZip } from '../scripts/build-zip.ts';
import { freePort, onCleanup, run, startGroup, waitForUrl } from './processes.ts';
import type { Sources } from './options.ts';

const SITE_FILES = path.join(import.meta.dirname, 'site');
const DATABASE = { host: '127.0.0.1', port: 3306, user: 'root' };

export interface Shop {
  home: string;
  dir: string;
  assistantPage: string;
  productIds: Record<Sku, number>;
  restKey: string;
  restSecret: string;
  /** The plugin's settings and the webhook, once the portal runs. */
  connect(portal: { url: string; publicKeys: string[]; webhookSecret: string }): void;
  /** Turns „Nur mit Warenkorb-Token des Portals” on or off. */
  requireToken(required: boolean): void;
}

function sql(statement: string): void {
  run('mariadb', ['-h', DATABASE.host, '-P', String(DATABASE.port), '-u', DATABASE.user, '-e', statement]);
}

export async function startShop(sources: Sources): Promise<Shop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-shop-e2e-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.cpSync(sources.wordpress, dir, { recursive: true });
  fs.cpSync(sources.woocommerce, path.join(dir, 'wp-content/plugins/woocommerce'), { recursive: true });
  const zip = path.join(dir, 'lizenzportal.zip');
  await buildPluginZip(zip);
  run('unzip', ['-q', zip, '-d', path.join(dir, 'wp-content/plugins')]);
  fs.mkdirSync(path.join(dir, 'wp-content/mu-plugins'), { recursive: true });
  fs.copyFileSync(
    path.join(SITE_FILES, 'e2e-mu-plugin.php'),
    path.join(dir, 'wp-content/mu-plugins/e2e.php'),
  );
  fs.copyFileSync(path.join(SITE_FILES, 'router.php'), path.join(dir, 'router.php'));

  const database = `lizenzportal_e2e_${crypto.randomBytes(4).toString('hex')}`;
  sql(`CREATE DATABASE ${database} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  onCleanup(() => sql(`DROP DATABASE IF EXISTS ${database}`));

  const port = await freePort();
  const home = `http://127.0.0.1:${port}`;
  fs.writeFileSync(path.join(dir, 'wp-config.php'), wpConfig(database, home));
  const server = startGroup(
    'php -S',
    'php',
    ['-S', `127.0.0.1:${port}`, '-t', dir, path.join(dir, 'router.php')],
    {
      cwd: dir,
      // WooCommerce calls its own site while it answers (loopback requests): more than one worker.
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    },
  );
  onCleanup(() => {
    if (process.env['SHOP_E2E_LOG']) fs.writeFileSync(process.env['SHOP_E2E_LOG'], server.output());
  });

  const setup = (step: string, input: Record<string, unknown> = {}) =>
    JSON.parse(
      run('php', [path.join(SITE_FILES, 'setup.php'), dir, step], {
        input: JSON.stringify({ home, ...input }),
      })
        .trim()
        .split('\n')
        .pop()!,
    );

  const adminPassword = crypto.randomBytes(12).toString('base64url');
  setup('install', { admin: 'admin', adminEmail: 'shop@example.com', adminPassword });
  setup('activate');
  const configured = setup('configure', {
    vatRates: VAT_RATES,
    products: Object.fromEntries(
      SKUS.map((sku) => [
        sku,
        { title: PRODUCTS[sku].title, price: (PRODUCTS[sku].baseGross / 100).toFixed(2) },
      ]),
    ),
  }) as { products: Record<Sku, number>; assistantPage: string; restKey: string; restSecret: string };
  await waitForUrl(`${home}/wp-json/`, server, 120);
  return {
    home,
    dir,
    ...configured,
    productIds: configured.products,
    connect: (portal) =>
      setup('connect', {
        portalUrl: portal.url,
        publicKeys: portal.publicKeys,
        productIds: configured.products,
        webhookSecret: portal.webhookSecret,
      }),
    requireToken: (required) => setup('require-token', { required }),
  };
}

function wpConfig(database: string, home: string): string {
  const salt = () => crypto.randomBytes(32).toString('hex');
  const keys = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  return `<?php
define( 'DB_NAME', '${database}' );
define( 'DB_USER', '${DATABASE.user}' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '${DATABASE.host}:${DATABASE.port}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${keys.map((key) => `define( '${key}', '${salt()}' );`).join('\n')}
$table_prefix = 'wp_';
define( 'WP_HOME', '${home}' );
define( 'WP_SITEURL', '${home}' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', __DIR__ . '/wp-content/debug.log' );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}
