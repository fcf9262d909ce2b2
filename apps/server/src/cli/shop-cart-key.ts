/**
 * Prints the public key the shop's plugin verifies the portal's cart tokens with (decision 065),
 * to paste into the plugin's settings („Öffentlicher Schlüssel des Portals”):
 *
 *   npm run shop:cart-key
 *
 * The key is derived from SHOP_CART_SIGNING_KEY, or from the development key under DATA_DIR (made
 * on first use, as the server does). During a rotation (SHOP_CART_SIGNING_KEY_PREVIOUS) both
 * keys are printed, the current one first; the portal publishes the same at /api/v1/shop/cart-keys.
 */
import { parseArgs } from 'node:util';
import { CART_KEYS_PATH } from '@lizenzportal/domain';
import { loadConfig } from '../config.ts';
import { prepareDataDirectories } from '../data-directories.ts';
import { CartTokens, cartSigningSecret } from '../lib/cart-tokens.ts';
import { runCommand } from './command.ts';

const USAGE = 'Usage: npm run shop:cart-key [-- --json]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.shop.cartSigningKey)
    for (const message of prepareDataDirectories(config)) console.warn(message);
  const keys = new CartTokens({
    current: cartSigningSecret(config.dataDir, config.shop.cartSigningKey),
    previous: config.shop.previousCartSigningKey,
    issuer: config.publicUrl,
    audience: config.shop.origin,
  }).keys();
  if (values.json) {
    console.log(JSON.stringify({ keys }));
    return 0;
  }
  for (const key of keys) {
    console.log(
      `${key.current ? 'Current' : 'Previous'} key (${key.algorithm}, id ${key.id}):\n${key.publicKey}`,
    );
  }
  console.log(`Published at ${config.publicUrl}${CART_KEYS_PATH}`);
  return 0;
}

runCommand(main);
