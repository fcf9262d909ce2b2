import { wooCommerceOrderSchema, type WooCommerceOrder } from '@lizenzportal/domain';
import type { z } from 'zod';

/** Orders per page (WooCommerce allows at most 100). */
const PAGE_SIZE = 100;
/** A shop that takes longer than this for a page is treated as unreachable this time. */
const TIMEOUT_MS = 30_000;

export interface WooCommerceCredentials {
  /** The shop's address; its REST API is `<origin>/wp-json/wc/v3`. */
  shopUrl: string;
  key: string;
  secret: string;
}

/** An order of the shop's REST answer that is no order the portal can read (kept out, logged). */
export interface UnreadableOrder {
  id: unknown;
  problem: string;
}

/**
 * The shop's REST API (WooCommerce v3), as far as the reconciliation needs it: the paid orders
 * created after a moment, page by page. Authenticated with the REST key and secret (HTTP Basic,
 * which WooCommerce accepts over HTTPS).
 */
export class WooCommerceClient {
  readonly #base: string;
  readonly #authorization: string;

  constructor(credentials: WooCommerceCredentials) {
    this.#base = `${new URL(credentials.shopUrl).origin}/wp-json/wc/v3`;
    this.#authorization = `Basic ${Buffer.from(`${credentials.key}:${credentials.secret}`).toString('base64')}`;
  }

  /** Paid orders (processing or completed) created after `after`, oldest first, one page at a time. */
  async *paidOrdersSince(
    after: Date,
  ): AsyncGenerator<{ orders: z.output<typeof wooCommerceOrderSchema>[]; unreadable: UnreadableOrder[] }> {
    for (let page = 1; ; page++) {
      const url = new URL(`${this.#base}/orders`);
      url.search = new URLSearchParams({
        status: 'processing,completed',
        after: after.toISOString(),
        orderby: 'date',
        order: 'asc',
        per_page: String(PAGE_SIZE),
        page: String(page),
      }).toString();
      const response = await fetch(url, {
        headers: { authorization: this.#authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) {
        throw new Error(`the shop answered ${response.status} ${response.statusText} for ${url.pathname}`);
      }
      const body: unknown = await response.json();
      if (!Array.isArray(body)) throw new Error('the shop answered something other than a list of orders');
      const orders: z.output<typeof wooCommerceOrderSchema>[] = [];
      const unreadable: UnreadableOrder[] = [];
      for (const item of body as WooCommerceOrder[]) {
        const parsed = wooCommerceOrderSchema.safeParse(item);
        if (parsed.success) orders.push(parsed.data);
        else unreadable.push({ id: (item as { id?: unknown } | null)?.id, problem: parsed.error.message });
      }
      yield { orders, unreadable };
      const totalPages = Number(response.headers.get('x-wp-totalpages'));
      if (body.length < PAGE_SIZE || (Number.isFinite(totalPages) && page >= totalPages)) return;
    }
  }
}
