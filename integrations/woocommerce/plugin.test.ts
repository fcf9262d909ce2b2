/**
 * The WooCommerce plugin's PHPUnit tests (issue #36, decision 065), run with a contract the portal's
 * own code writes for this run: tokens its `CartTokens` signed (valid, expired by the clock, for
 * another shop, forged, of another key, of the previous key), their claims and the product ids.
 * PHP verifies them; a token PHP signed comes back and is read here. PHP and PHPUnit are required:
 * without them this fails, naming what to install (.ci/run installs them).
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { DEFAULT_SHOP_PRODUCT_IDS } from '../../apps/server/src/config.ts';
import { CartTokens } from '../../apps/server/src/lib/cart-tokens.ts';
import { cartClaims, priceLines, type CartClaims } from '@lizenzportal/domain';

const HERE = import.meta.dirname;
const INSTALL = 'apt-get install php-cli php-xml php-mbstring phpunit';

/** A tool's version line, or a failure that says what to install. */
function required(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(
      `The WooCommerce plugin's tests need ${command} (PHP 8.2 with libsodium, PHPUnit 9): ${INSTALL}. ${result.error?.message ?? result.stderr}`,
    );
  }
  return result.stdout.split('\n')[0]!;
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** The token with its payload changed and its signature kept. */
function forged(token: string, change: (payload: Record<string, unknown>) => void): string {
  const payload = payloadOf(token);
  change(payload);
  const [header, , signature] = token.split('.');
  return `${header}.${base64url(payload)}.${signature}`;
}

/** The contract of this run: what the portal's code signs, and what PHP must make of it. */
function contract(directory: string) {
  const shopOrigin = 'https://shop.example';
  const secrets = {
    current: 'plugin-contract-current-key-0123456789',
    previous: 'plugin-contract-previous-key-012345',
  };
  const portal = new CartTokens({ ...secrets, issuer: 'https://portal.example', audience: shopOrigin });
  const previousOnly = new CartTokens({
    current: secrets.previous,
    issuer: 'https://portal.example',
    audience: shopOrigin,
  });
  const otherShop = new CartTokens({
    current: secrets.current,
    issuer: 'https://portal.example',
    audience: 'https://other-shop.example',
  });
  const otherKey = new CartTokens({
    current: 'a-key-the-shop-never-saw-0123456789',
    issuer: 'https://portal.example',
    audience: shopOrigin,
  });
  const newPurchase = cartClaims(
    priceLines(
      [
        { sku: 'M9-PRO', quantity: 10 },
        { sku: 'M9-DVD', quantity: 1 },
      ],
      'DE',
    ),
    { purchaseType: 'new', sessionId: null, productIds: DEFAULT_SHOP_PRODUCT_IDS },
  );
  const reseller: CartClaims = {
    purchaseType: 'reseller',
    sessionId: crypto.randomUUID(),
    countryCode: 'DE',
    lines: [
      { uid: 'r1', reference: 'Schule A', quantity: 5, unitGross: 6930 },
      { uid: 'r2', reference: 'Schule B', quantity: 20, unitGross: 4590 },
    ].map(({ uid, reference, quantity, unitGross }) => ({
      sku: 'M9-PRO' as const,
      productId: 801,
      quantity,
      unitGross,
      net: Math.round((unitGross * quantity) / 1.19),
      vat: unitGross * quantity - Math.round((unitGross * quantity) / 1.19),
      gross: unitGross * quantity,
      licenseUid: uid,
      customerReference: reference,
    })),
    totals: { net: 0, vat: 0, gross: 0 },
  };
  const valid = portal.sign(newPurchase).cartToken;
  const resellerToken = portal.sign(reseller).cartToken;
  const signature = valid.split('.')[2]!;
  // The same 64 bytes, another base64url spelling (the last character's unused bits set).
  const lastBits = 'AQgw'.includes(signature.at(-1)!) ? 'B' : 'A';
  const tokens = {
    valid,
    reseller: resellerToken,
    previousKey: previousOnly.sign(newPurchase).cartToken,
    otherShop: otherShop.sign(newPurchase).cartToken,
    otherKey: otherKey.sign(newPurchase).cartToken,
    forgedPrice: forged(valid, (payload) => {
      (payload['lines'] as { unitGross: number }[])[0]!.unitGross = 100;
    }),
    forgedQuantity: forged(valid, (payload) => {
      (payload['lines'] as { quantity: number }[])[0]!.quantity = 100;
    }),
    noneAlgorithm: `${base64url({ alg: 'none', typ: 'JWT' })}.${valid.split('.')[1]}.`,
    otherSignatureSpelling: `${valid.slice(0, -1)}${lastBits}`,
  };
  return {
    shopOrigin,
    now: Math.floor(Date.now() / 1000),
    publicKeys: portal.keys().map((key) => key.publicKey),
    productIds: DEFAULT_SHOP_PRODUCT_IDS,
    tokens,
    claims: { valid: payloadOf(valid), reseller: payloadOf(resellerToken) },
    phpSignedFile: path.join(directory, 'php-signed.json'),
    portal,
  };
}

test('the plugin’s PHP verifies the portal’s cart tokens, refuses forged, expired and foreign ones, maps and locks the cart', () => {
  required('php', ['--version']);
  const extensions = spawnSync('php', ['-m'], { encoding: 'utf8' }).stdout;
  expect(extensions, `PHP needs libsodium and the XML extensions PHPUnit uses: ${INSTALL}`).toMatch(
    /^sodium$[\s\S]*^xml$/m,
  );
  required('phpunit', ['--version']);

  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lizenzportal-plugin-'));
  const { portal, ...written } = contract(directory);
  const contractFile = path.join(directory, 'contract.json');
  fs.writeFileSync(contractFile, JSON.stringify(written));
  const report = path.join(directory, 'junit.xml');
  const run = spawnSync(
    'phpunit',
    ['--configuration', path.join(HERE, 'phpunit.xml'), '--log-junit', report],
    {
      cwd: HERE,
      encoding: 'utf8',
      env: { ...process.env, LIZENZPORTAL_CONTRACT: contractFile },
    },
  );
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const suite =
    /<testsuite name="lizenzportal" tests="(\d+)" assertions="(\d+)" errors="(\d+)" warnings="(\d+)" failures="(\d+)" skipped="(\d+)"/.exec(
      fs.readFileSync(report, 'utf8'),
    );
  expect(suite, run.stdout).not.toBeNull();
  const [, tests, assertions, errors, warnings, failures, skipped] = suite!.map(Number);
  expect({ tests, errors, warnings, failures, skipped }).toEqual({
    tests: 13,
    errors: 0,
    warnings: 0,
    failures: 0,
    skipped: 0,
  });
  expect(assertions).toBeGreaterThan(40);

  // The other direction: what PHP signed with libsodium is a JWT node:crypto verifies, and not a
  // cart of the portal's (another key).
  const { publicKey, token } = JSON.parse(fs.readFileSync(written.phpSignedFile, 'utf8')) as {
    publicKey: string;
    token: string;
  };
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const key = crypto.createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  expect(
    crypto.verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url')),
  ).toBe(true);
  expect(payloadOf(token)).toEqual(written.claims.valid);
  expect(portal.verify(token)).toBeNull();
  expect(portal.verify(written.tokens.valid)).toMatchObject({ purchaseType: 'new', countryCode: 'DE' });
}, 60_000);
