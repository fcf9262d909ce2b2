/**
 * One price case from the buyer's first click to the licenses: the assistant in the shop page,
 * WooCommerce's cart and checkout, the order marked paid through the REST API, the webhook, the
 * licenses and the mail. Every total is compared with the assistant's to the cent.
 */
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { CartTotals } from '@lizenzportal/domain';
import { buyInAssistant } from './assistant.ts';
import { assistantTotals, type PriceCase } from './cases.ts';
import { cartTotal, checkOut } from './checkout.ts';
import { cents } from './money.ts';
import type { Portal } from './portal.ts';
import { shopRest } from './shop-rest.ts';
import type { Shop } from './shop-site.ts';

export interface CaseResult {
  priceCase: PriceCase;
  expected: CartTotals;
  /** What the assistant's summary showed, WooCommerce's cart, its confirmation page, its order. */
  assistant: number;
  cart: number;
  confirmation: number;
  order: number;
  orderTax: number;
  orderId: number;
  licenses: number;
  expectedLicenses: number;
  mailed: boolean;
  ok: boolean;
  seconds: number;
}

const WAIT_SECONDS = 90;

async function poll<T>(check: () => Promise<T | undefined>): Promise<T | undefined> {
  const until = Date.now() + WAIT_SECONDS * 1000;
  while (Date.now() < until) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return undefined;
}

interface LicenseRow {
  entryReference: string | null;
}

export async function buyCase(
  browser: Browser,
  shop: Shop,
  portal: Portal,
  priceCase: PriceCase,
): Promise<CaseResult> {
  const started = Date.now();
  const expected = assistantTotals(priceCase);
  const expectedLicenses =
    priceCase.kind === 'new' ? 1 : priceCase.lines.reduce((sum, line) => sum + line.quantity, 0);
  const email = `kauf-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const context = await browser.newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.goto(shop.assistantPage);
    const assistant = await buyInAssistant(page, priceCase);
    const cart = await cartTotal(page);
    const { orderId, shownTotal } = await checkOut(page, priceCase.country, email);

    const rest = shopRest(shop);
    const order = await rest.order(orderId);
    if (!order.meta_data.some((meta) => meta.key === 'cart_token' && typeof meta.value === 'string')) {
      throw new Error(`order ${orderId} carries no cart token`);
    }
    await rest.markPaid(orderId);
    const mailed = await poll(async () =>
      portal.smtp.received.some((mail) =>
        (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.text.includes(email)),
      )
        ? true
        : undefined,
    );
    const licenses =
      (await poll(async () => {
        const list = await portal.admin<{ data: { licenses: LicenseRow[] } }>(
          '/api/v1/license?limit=100&sort=-createdAt',
        );
        const made = list.data.licenses.filter(
          (license) => license.entryReference === String(orderId),
        ).length;
        return made >= expectedLicenses ? made : undefined;
      })) ?? 0;
    const orderTotal = cents(`${order.total.replace('.', ',')} €`);
    const orderTax = cents(`${order.total_tax.replace('.', ',')} €`);
    const ok =
      [assistant, cart, shownTotal, orderTotal].every((value) => value === expected.gross) &&
      orderTax === expected.vat &&
      licenses === expectedLicenses &&
      mailed === true;
    return {
      priceCase,
      expected,
      assistant,
      cart,
      confirmation: shownTotal,
      order: orderTotal,
      orderTax,
      orderId,
      licenses,
      expectedLicenses,
      mailed: mailed === true,
      ok,
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    await context.close();
  }
}

/** A fresh cart token of the portal for 10 pro seats and a DVD to Germany (as the assistant gets it). */
export async function newPurchaseToken(portal: Portal): Promise<string> {
  const response = await fetch(`${portal.url}/api/v1/shop/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      purchaseType: 'new',
      countryCode: 'DE',
      products: [
        { sku: 'M9-PRO', quantity: 10 },
        { sku: 'M9-DVD', quantity: 1 },
      ],
    }),
  });
  if (!response.ok) throw new Error(`the portal signed no cart: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { cartToken: string } }).data.cartToken;
}
