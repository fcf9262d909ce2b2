/**
 * Posts a saved WooCommerce order (its REST JSON, as the shop's admin or API shows it) to the
 * portal's shop webhook, signed like WooCommerce signs it — for support staff, when a webhook never
 * arrived:
 *
 *   npm run shop:replay -- <order.json> [--url <portal address>]
 *
 * The portal makes the order's generation unless it has one (replaying twice changes nothing).
 * The address defaults to PUBLIC_URL; the secret is SHOP_WEBHOOK_SECRET, or the development secret
 * under DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { keptSecret } from '../lib/kept-secret.ts';
import { replayOrderFile } from '../modules/shop/index.ts';
import { runCommand } from './command.ts';

const USAGE = 'Usage: npm run shop:replay -- <order.json> [--url <portal address>]';

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [file] = positionals;
  if (values.help || !file || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const config = loadConfig();
  const { ok, message } = await replayOrderFile(file, {
    portalUrl: values.url ?? config.publicUrl,
    secret: config.shop.webhookSecret ?? keptSecret(config.dataDir, 'shop-webhook-secret'),
  });
  (ok ? console.log : console.error)(message);
  return ok ? 0 : 1;
}

runCommand(main);
