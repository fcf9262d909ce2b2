import crypto from 'node:crypto';
import OAuth from 'oauth-1.0a';
import {
  shopReconciliationMessages,
  wooCommerceOrderSchema,
  wooCommerceRefundSchema,
  type WooCommerceOrder,
} from '@lizenzportal/domain';
import { z } from 'zod';

/** Orders per page (WooCommerce allows at most 100). */
const PAGE_SIZE = 100;
/** A shop that takes longer than this for a page is treated as unreachable this time. */
const TIMEOUT_SECONDS = 30;

export interface WooCommerceCredentials {
  /** The shop's address; its REST API is `<origin>/wp-json/wc/v3`. */
  shopUrl: string;
  key: string;
  secret: string;
  /** Orders asked for per page (tests page with fewer). */
  pageSize?: number;
}

/** An order of the shop's REST answer that is no order the portal can read (kept out, logged). */
export interface UnreadableOrder {
  id: unknown;
  problem: string;
}

/** The shop's REST API did not answer as it should: `message` for the log, `reason` in German for staff. */
export class ShopApiError extends Error {
  readonly reason: string;

  constructor(message: string, reason: string, options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}

/**
 * The shop's REST API (WooCommerce v3), as far as the portal needs it: the paid orders created
 * after a moment, page by page (the reconciliation), and an order's refunds with their lines. Authenticated as WooCommerce documents it: over HTTPS
 * with the REST key and secret as HTTP Basic; over plain HTTP, where WooCommerce refuses Basic,
 * each request signed with OAuth 1.0a (HMAC-SHA256, the parameters in the query string), so the
 * secret never travels (decision 030).
 */
export class WooCommerceClient {
  readonly #base: string;
  readonly #pageSize: number;
  readonly #sign: ShopRequestSigner;

  constructor(credentials: WooCommerceCredentials) {
    const origin = new URL(credentials.shopUrl).origin;
    this.#base = `${origin}/wp-json/wc/v3`;
    this.#pageSize = credentials.pageSize ?? PAGE_SIZE;
    this.#sign = origin.startsWith('https:') ? basicAuthorization(credentials) : oauthSignature(credentials);
  }

  /**
   * Orders created after `after` that were paid (processing or completed) or withdrawn after
   * payment (refunded, cancelled: decision 066), oldest first, one page at a time.
   */
  async *paidOrdersSince(
    after: Date,
  ): AsyncGenerator<{ orders: z.output<typeof wooCommerceOrderSchema>[]; unreadable: UnreadableOrder[] }> {
    for (let page = 1; ; page++) {
      const url = new URL(`${this.#base}/orders`);
      url.search = new URLSearchParams({
        status: 'processing,completed,refunded,cancelled',
        after: after.toISOString(),
        orderby: 'date',
        order: 'asc',
        per_page: String(this.#pageSize),
        page: String(page),
      }).toString();
      const { body, totalPages } = await this.#get(url);
      if (!Array.isArray(body)) {
        throw new ShopApiError(
          'the shop answered something other than a list of orders',
          shopReconciliationMessages.notAnOrderList,
        );
      }
      const orders: z.output<typeof wooCommerceOrderSchema>[] = [];
      const unreadable: UnreadableOrder[] = [];
      for (const item of body as WooCommerceOrder[]) {
        const parsed = wooCommerceOrderSchema.safeParse(item);
        if (parsed.success) orders.push(parsed.data);
        else unreadable.push({ id: (item as { id?: unknown } | null)?.id, problem: parsed.error.message });
      }
      yield { orders, unreadable };
      // WooCommerce says how many pages there are; without the header, a short page is the last.
      const last = totalPages === null ? body.length < this.#pageSize : page >= totalPages;
      if (last || body.length === 0) return;
    }
  }

  /**
   * The refunds of an order with the lines each returned (`/orders/{id}/refunds`, decision 066):
   * one page of 100, far more refunds than an order has.
   */
  async orderRefunds(shopOrderId: number): Promise<z.output<typeof wooCommerceRefundSchema>[]> {
    const url = new URL(`${this.#base}/orders/${shopOrderId}/refunds`);
    url.search = new URLSearchParams({ per_page: String(PAGE_SIZE) }).toString();
    const { body } = await this.#get(url);
    const parsed = z.array(wooCommerceRefundSchema).safeParse(body);
    if (!parsed.success) {
      throw new ShopApiError(
        `the shop answered no list of refunds: ${parsed.error.message}`,
        shopReconciliationMessages.notARefundList,
      );
    }
    return parsed.data;
  }

  async #get(url: URL): Promise<{ body: unknown; totalPages: number | null }> {
    const signed = this.#sign(url);
    let response: Response;
    try {
      response = await fetch(signed.url, {
        headers: { ...signed.headers, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        throw new ShopApiError(
          `the shop did not answer within ${TIMEOUT_SECONDS} s`,
          shopReconciliationMessages.timeout(TIMEOUT_SECONDS),
          { cause: error },
        );
      }
      const detail = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
      throw new ShopApiError(
        `the shop is unreachable: ${detail}`,
        shopReconciliationMessages.unreachable(detail),
        {
          cause: error,
        },
      );
    }
    if (!response.ok) {
      const { status } = response;
      throw new ShopApiError(
        `the shop answered ${status} ${response.statusText} for ${url.pathname}`,
        status === 401 || status === 403
          ? shopReconciliationMessages.refused(status)
          : shopReconciliationMessages.shopError(status),
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ShopApiError('the shop answered no JSON', shopReconciliationMessages.notAnOrderList, {
        cause: error,
      });
    }
    const header = response.headers.get('x-wp-totalpages');
    const totalPages = header !== null && /^\d+$/.test(header) ? Number(header) : null;
    return { body, totalPages };
  }
}

/** Signs a request to the shop's REST API: its URL (with OAuth's parameters) and headers. */
type ShopRequestSigner = (url: URL, method?: string) => { url: URL; headers: Record<string, string> };

function basicAuthorization(credentials: WooCommerceCredentials): ShopRequestSigner {
  const authorization = `Basic ${Buffer.from(`${credentials.key}:${credentials.secret}`).toString('base64')}`;
  return (url: URL) => ({ url, headers: { authorization } });
}

/**
 * OAuth 1.0a as WooCommerce checks it over HTTP (`WC_REST_Authentication::check_oauth_signature`):
 * one-legged (the consumer secret alone signs), a fresh nonce and timestamp per request, the
 * `oauth_*` parameters beside the request's own in the query string.
 */
export function oauthSignature(
  credentials: Pick<WooCommerceCredentials, 'key' | 'secret'>,
): ShopRequestSigner {
  const oauth = new OAuth({
    consumer: { key: credentials.key, secret: credentials.secret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, key) => crypto.createHmac('sha256', key).update(base).digest('base64'),
  });
  // The library's nonce comes from Math.random; WooCommerce refuses a nonce it has seen.
  oauth.getNonce = () => crypto.randomBytes(16).toString('hex');
  return (url: URL, method = 'GET') => {
    const unsigned = `${url.origin}${url.pathname}`;
    const data = Object.fromEntries(url.searchParams);
    const authorization = oauth.authorize({ url: unsigned, method, data });
    const signed = new URL(unsigned);
    signed.search = new URLSearchParams({
      ...data,
      ...Object.fromEntries(Object.entries(authorization).map(([name, value]) => [name, String(value)])),
    }).toString();
    return { url: signed, headers: {} };
  };
}
