/**
 * The shop's REST API as the vendor's back office uses it: with the REST key the portal's
 * reconciliation reads with, signed as the portal signs (OAuth 1.0a over plain HTTP).
 */
import { oauthSignature } from '../../../apps/server/src/modules/shop/woocommerce-client.ts';
import type { Shop } from './shop-site.ts';

export interface ShopOrder {
  id: number;
  status: string;
  total: string;
  total_tax: string;
  billing: { country: string; email: string };
  line_items: { sku: string; quantity: number; total: string; total_tax: string }[];
  meta_data: { key: string; value: unknown }[];
}

export function shopRest(shop: Shop) {
  const sign = oauthSignature({ key: shop.restKey, secret: shop.restSecret });
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const signed = sign(new URL(`${shop.home}/wp-json/wc/v3${path}`), method);
    const response = await fetch(signed.url, {
      method,
      headers: { ...signed.headers, 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }
  return {
    order: (id: number) => call<ShopOrder>('GET', `/orders/${id}`),
    /** What the vendor does when the bank transfer arrived: „In Bearbeitung”, paid. */
    markPaid: (id: number) =>
      call<ShopOrder>('PUT', `/orders/${id}`, { status: 'processing', set_paid: true }),
  };
}
