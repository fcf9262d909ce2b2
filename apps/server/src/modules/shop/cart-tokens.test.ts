/**
 * The cart the portal signs for the shop (issue #36, decision 065): priced by the portal, signed
 * with its Ed25519 key, published for the shop's plugin; a paid order that carries it must pay
 * exactly its lines.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import {
  orderGenerationErrors,
  priceLines,
  type OrderGeneration,
  type WooCommerceOrder,
} from '@lizenzportal/domain';
import { CartTokens } from '../../lib/cart-tokens.ts';
import { errorOf, useTestApp } from '../../test/app.ts';
import { eventually } from '../../test/smtp.ts';
import { bearer, sessionHelpers } from '../upgrade-sessions/test-helpers.ts';
import { webhookSignature } from './signature.ts';
import { pricedOrder } from './test-orders.ts';

const SECRET = 'cart-token-webhook-secret';
const ctx = useTestApp({
  WORKER: 'inline',
  SHOP_WEBHOOK_SECRET: SECRET,
  SHOP_ORIGIN: 'https://shop.example',
});
const { created, newPurchase } = sessionHelpers(ctx);

const tenSeats = [{ sku: 'M9-PRO', quantity: 10 }] as const;
const tenSeatsAndADvd = [
  { sku: 'M9-PRO', quantity: 10 },
  { sku: 'M9-DVD', quantity: 1 },
] as const;

function signCart(body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/shop/cart', payload: body });
}

async function publishedKeys() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/shop/cart-keys' });
  expect(response.statusCode).toBe(200);
  return response.json().data.keys as {
    id: string;
    algorithm: string;
    publicKey: string;
    current: boolean;
  }[];
}

/** Verifies a JWT with a raw Ed25519 public key by node:crypto alone, as any other party would. */
function verifiedBy(publicKey: string, token: string): boolean {
  const [header, payload, signature] = token.split('.');
  const key = crypto.createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'base64').toString('base64url') },
    format: 'jwk',
  });
  return crypto.verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature!, 'base64url'));
}

const part = (token: string, index: 0 | 1) =>
  JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString()) as Record<string, unknown>;

/** The token with its payload changed and the signature kept: what a buyer could make of it. */
function forged(token: string, change: (payload: Record<string, unknown>) => void): string {
  const payload = part(token, 1);
  change(payload);
  const [header, , signature] = token.split('.');
  return `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

async function generated(order: WooCommerceOrder): Promise<OrderGeneration> {
  const body = JSON.stringify(order);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/shop/webhook',
    headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': webhookSignature(body, SECRET) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  const id = response.json().data.orderGeneration as string;
  return eventually(async () => {
    const generation = await ctx.app.services.orderGenerations.get(id);
    return generation.progress === 'in-progress' ? undefined : generation;
  }, 30_000);
}

const licenseCount = async () =>
  Number(
    (await sql<{ count: string }>`select count(*) from license`.execute(ctx.database.db)).rows[0]!.count,
  );

describe('the portal signs the cart it hands to the shop', () => {
  test('publishes its public key, which the CLI prints too', async () => {
    const keys = await publishedKeys();
    expect(keys).toEqual([
      { id: expect.any(String), algorithm: 'Ed25519', publicKey: expect.any(String), current: true },
    ]);
    expect(Buffer.from(keys[0]!.publicKey, 'base64')).toHaveLength(32);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(import.meta.dirname, '../../cli/shop-cart-key.ts')],
      { env: { ...process.env, DATA_DIR: ctx.config.dataDir, SHOP_CART_SIGNING_KEY: '' } },
    );
    expect(stdout).toContain(`Current key (Ed25519, id ${keys[0]!.id}):\n${keys[0]!.publicKey}\n`);
    expect(stdout).toContain('/api/v1/shop/cart-keys');
  }, 60_000);

  test('a new purchase’s cart: priced by the portal in the buyer’s country, signed with the published key', async () => {
    const response = await signCart({ purchaseType: 'new', countryCode: 'AT', products: tenSeats });
    expect(response.statusCode).toBe(200);
    const { cartToken, expiresAt } = response.json().data as { cartToken: string; expiresAt: string };
    const [key] = await publishedKeys();
    expect(verifiedBy(key!.publicKey, cartToken)).toBe(true);
    expect(part(cartToken, 0)).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: key!.id });
    const claims = part(cartToken, 1);
    expect(claims).toMatchObject({
      iss: ctx.config.publicUrl,
      aud: 'https://shop.example',
      purchaseType: 'new',
      sessionId: null,
      countryCode: 'AT',
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(3600);
    expect(Date.parse(expiresAt)).toBe(Number(claims['exp']) * 1000);
    // Austria: the German gross per item for the shop's price, the assistant's net and 20 % VAT.
    const priced = priceLines(tenSeats, 'AT');
    expect(claims['lines']).toEqual([
      {
        sku: 'M9-PRO',
        productId: 801,
        quantity: 10,
        unitGross: 5130,
        net: 43109,
        vat: 8622,
        gross: 51731,
        licenseUid: null,
        customerReference: null,
      },
    ]);
    expect(claims['totals']).toEqual({
      net: priced.totals.net,
      vat: priced.totals.vat,
      gross: priced.totals.gross,
    });

    // A price the buyer edits breaks the signature; each token has its own one-time id.
    const cheaper = forged(cartToken, (payload) => {
      (payload['lines'] as { unitGross: number }[])[0]!.unitGross = 1;
    });
    expect(verifiedBy(key!.publicKey, cheaper)).toBe(false);
    expect(ctx.app.services.shop.cartTokens.verify(cheaper)).toBeNull();
    const again = await signCart({ purchaseType: 'new', countryCode: 'AT', products: tenSeats });
    expect(again.statusCode, again.body).toBe(200);
    expect(part(again.json().data.cartToken, 1)['jti']).not.toBe(claims['jti']);
  });

  test('what a new purchase cannot be is not signed; a price from the browser is refused', async () => {
    const refused = [
      { purchaseType: 'new', countryCode: 'DE', products: [{ sku: 'M9-PROU', quantity: 10 }] },
      {
        purchaseType: 'new',
        countryCode: 'DE',
        products: [
          { sku: 'M9-PRO', quantity: 1 },
          { sku: 'M9-PER', quantity: 1 },
        ],
      },
      { purchaseType: 'new', countryCode: 'DE', products: [{ sku: 'M9-PER', quantity: 2 }] },
      {
        purchaseType: 'new',
        countryCode: 'DE',
        products: [
          { sku: 'M9-PRO', quantity: 2 },
          { sku: 'M9-DVD', quantity: 3 },
        ],
      },
      { purchaseType: 'new', countryCode: 'AT', products: tenSeatsAndADvd },
      { purchaseType: 'upgrade', countryCode: 'DE', products: [{ sku: 'M9-PRO', quantity: 2 }] },
      { purchaseType: 'new', countryCode: 'DE', products: [{ sku: 'M9-PRO', quantity: 2, unitGross: 1 }] },
    ];
    for (const body of refused) {
      const response = await signCart(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    }
  });

  test('a session’s cart needs its token and is the session as the portal priced it', async () => {
    const { session, token } = await created(
      newPurchase({ billing: { countryCode: 'CH' }, properties: { class: 'pro', size: 10, dvdCount: 0 } }),
    );
    const cart = (bearerToken?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/upgrade-session/${session._id}/cart`,
        headers: bearerToken ? bearer(bearerToken) : {},
      });
    expect((await cart()).statusCode).toBe(401);
    const other = await created(newPurchase());
    expect((await cart(other.token)).statusCode).toBe(403);
    const signed = await cart(token);
    expect(signed.statusCode).toBe(200);
    const claims = ctx.app.services.shop.cartTokens.verify(signed.json().data.cartToken);
    expect(claims).toMatchObject({ sessionId: session._id, purchaseType: 'new', countryCode: 'CH' });
    const { net, vat, gross } = priceLines(tenSeats, 'CH').totals;
    expect(claims!.totals).toEqual({ net, vat, gross });
  });

  test('a rotation: the previous key still verifies, a key the portal does not know does not', () => {
    const previous = new CartTokens({ current: 'p'.repeat(40), issuer: 'a', audience: 'b' });
    const rotated = new CartTokens({
      current: 'c'.repeat(40),
      previous: 'p'.repeat(40),
      issuer: 'a',
      audience: 'b',
    });
    const unknown = new CartTokens({ current: 'u'.repeat(40), issuer: 'a', audience: 'b' });
    expect(rotated.keys().map((key) => [key.publicKey, key.current])).toEqual([
      [expect.any(String), true],
      [previous.keys()[0]!.publicKey, false],
    ]);
    const claims = {
      purchaseType: 'new' as const,
      sessionId: null,
      countryCode: 'DE',
      lines: [
        {
          sku: 'M9-PER' as const,
          productId: 802,
          quantity: 1,
          unitGross: 8000,
          net: 6723,
          vat: 1277,
          gross: 8000,
          licenseUid: null,
          customerReference: null,
        },
      ],
      totals: { net: 6723, vat: 1277, gross: 8000 },
    };
    expect(rotated.verify(previous.sign(claims).cartToken)).toMatchObject(claims);
    expect(rotated.verify(rotated.sign(claims).cartToken)).toMatchObject(claims);
    expect(rotated.verify(unknown.sign(claims).cartToken)).toBeNull();
    expect(previous.verify(rotated.sign(claims).cartToken)).toBeNull();
  });
});

describe('a paid order that carries the signed cart pays exactly its lines', () => {
  async function newPurchaseToken(countryCode = 'DE') {
    const response = await signCart({ purchaseType: 'new', countryCode, products: tenSeatsAndADvd });
    return response.json().data.cartToken as string;
  }

  test('the cart as signed is delivered, its price is the portal’s', async () => {
    const cartToken = await newPurchaseToken();
    const generation = await generated(pricedOrder(9101, { products: [...tenSeatsAndADvd], cartToken }));
    expect(generation).toMatchObject({ progress: 'completed', error: null });
    expect(generation.licenses).toHaveLength(1);
  });

  test('another quantity than the signed cart’s is refused with both sides named; nothing is made', async () => {
    const cartToken = await newPurchaseToken();
    const generation = await generated(
      pricedOrder(9102, {
        products: [
          { sku: 'M9-PRO', quantity: 12 },
          { sku: 'M9-DVD', quantity: 1 },
        ],
        cartToken,
      }),
    );
    expect(generation.progress).toBe('failed');
    expect(generation.error).toBe(
      orderGenerationErrors.paidLinesDiffer(
        {
          customerReference: null,
          paid: [
            { sku: 'M9-PRO', quantity: 12 },
            { sku: 'M9-DVD', quantity: 1 },
          ],
          priced: [...tenSeatsAndADvd],
        },
        { offerNumber: null, signedCart: true },
      ),
    );
    expect(generation.error).toContain(
      'der vom Portal signierte Warenkorb verlangt 10 × Pro-Lizenz Version 9',
    );
    expect(await licenseCount()).toBe(0);
  });

  test('a forged token, or one of another session, is refused; nothing is made', async () => {
    const cartToken = await newPurchaseToken();
    const twelve = forged(cartToken, (payload) => {
      (payload['lines'] as { quantity: number }[])[0]!.quantity = 12;
    });
    const products = [{ sku: 'M9-PRO' as const, quantity: 12 }, tenSeatsAndADvd[1]];
    const forgedOrder = await generated(pricedOrder(9103, { products, cartToken: twelve }));
    expect(forgedOrder).toMatchObject({ progress: 'failed', error: orderGenerationErrors.cartTokenInvalid });

    // A session's cart on an order that names no session (or another one).
    const { session, token } = await created(newPurchase());
    const sessionCart = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/upgrade-session/${session._id}/cart`,
      headers: bearer(token),
    });
    const otherOrder = await generated(
      pricedOrder(9104, { products: [...tenSeatsAndADvd], cartToken: sessionCart.json().data.cartToken }),
    );
    expect(otherOrder).toMatchObject({
      progress: 'failed',
      error: orderGenerationErrors.cartTokenOfOtherOrder,
    });
    expect(await licenseCount()).toBe(0);
  });
});
