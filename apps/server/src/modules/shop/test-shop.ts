import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The REST key the test shop knows. */
export const TEST_SHOP_KEY = { key: 'ck_3f9a61c0d2b84e7f', secret: 'cs_8b1e5d7c9a2f4036' } as const;

/** What WooCommerce answers a request it cannot authenticate. */
const CANNOT_VIEW = {
  code: 'woocommerce_rest_cannot_view',
  message: 'Sorry, you cannot list resources.',
  data: { status: 401 },
};

/** PHP's `rawurlencode` (RFC 3986), as `wc_rest_urlencode_rfc3986` applies it. */
const rawUrlEncode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Whether the query's OAuth 1.0a signature is right, re-enacting
 * `WC_REST_Authentication::check_oauth_signature`: the parameters but the signature sorted by key
 * (`strcmp`), each key and value encoded, each `key=value` encoded again and joined with `%26`,
 * signed with `<consumer secret>&` over `GET&<encoded URL>&<parameters>`.
 */
function validOAuthSignature(url: URL, secret: string): boolean {
  const params = Object.fromEntries(url.searchParams);
  const given = params['oauth_signature'];
  delete params['oauth_signature'];
  const method = params['oauth_signature_method'];
  if (!given || (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256')) return false;
  const queryString = Object.keys(params)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((key) => rawUrlEncode(`${rawUrlEncode(key)}=${rawUrlEncode(params[key]!)}`))
    .join('%26');
  const stringToSign = `GET&${rawUrlEncode(`${url.origin}${url.pathname}`)}&${queryString}`;
  const algorithm = method === 'HMAC-SHA1' ? 'sha1' : 'sha256';
  const expected = crypto.createHmac(algorithm, `${secret}&`).update(stringToSign).digest('base64');
  return crypto.timingSafeEqual(
    crypto.createHash('sha256').update(expected).digest(),
    crypto.createHash('sha256').update(given).digest(),
  );
}

export interface TestShop {
  /** The shop's page, as `SHOP_URL` names it. */
  url: string;
  /** The orders it holds (REST shape), in the order of their creation. */
  orders: unknown[];
  /** The refunds of each order (REST shape of `/orders/{id}/refunds`, newest first), by the order's id. */
  refunds: Record<number, unknown[]>;
  requests: { url: URL; authorization: string | undefined }[];
  /** Answer every request with this status instead (a shop in trouble). */
  failWith: number | null;
  close(): Promise<void>;
}

/**
 * A stand-in for a WooCommerce shop's REST API on loopback, served over plain HTTP as WooCommerce
 * behaves there: HTTP Basic is refused (401), only OAuth 1.0a with the right signature, a recent
 * timestamp and a nonce not seen before gets the orders — filtered by status, `per_page` (at most
 * 100) at a time, with `X-WP-Total` and `X-WP-TotalPages` as WooCommerce sends them — and an
 * order's refunds with their lines (`/orders/{id}/refunds`; 404 for an order it does not have).
 */
export async function startTestShop(): Promise<TestShop> {
  const nonces = new Set<string>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, `http://${request.headers.host}`);
    shop.requests.push({ url, authorization: request.headers.authorization });
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(JSON.stringify(body));
    if (shop.failWith !== null) return json(shop.failWith, { code: 'internal_server_error' });
    const refundsOf = /^\/wp-json\/wc\/v3\/orders\/(\d+)\/refunds$/.exec(url.pathname);
    if (url.pathname !== '/wp-json/wc/v3/orders' && !refundsOf) {
      return json(404, { code: 'rest_no_route' });
    }
    const key = url.searchParams.get('oauth_consumer_key');
    const timestamp = Number(url.searchParams.get('oauth_timestamp'));
    const nonce = url.searchParams.get('oauth_nonce') ?? '';
    if (
      key !== TEST_SHOP_KEY.key ||
      Math.abs(Date.now() / 1000 - timestamp) > 15 * 60 ||
      nonces.has(nonce) ||
      !validOAuthSignature(url, TEST_SHOP_KEY.secret)
    ) {
      return json(401, CANNOT_VIEW);
    }
    nonces.add(nonce);
    const perPage = Number(url.searchParams.get('per_page') ?? 10);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
      return json(400, { code: 'rest_invalid_param', data: { status: 400 } });
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    if (refundsOf) {
      const orderId = Number(refundsOf[1]);
      if (!shop.orders.some((order) => (order as { id?: number }).id === orderId)) {
        return json(404, { code: 'woocommerce_rest_shop_order_invalid_id', data: { status: 404 } });
      }
      const refunds = shop.refunds[orderId] ?? [];
      return json(200, refunds.slice((page - 1) * perPage, page * perPage), {
        'x-wp-total': String(refunds.length),
        'x-wp-totalpages': String(Math.ceil(refunds.length / perPage)),
      });
    }
    const statuses = (url.searchParams.get('status') ?? 'any').split(',');
    const matching = shop.orders.filter(
      (order) => statuses.includes('any') || statuses.includes((order as { status?: string }).status ?? ''),
    );
    json(200, matching.slice((page - 1) * perPage, page * perPage), {
      'x-wp-total': String(matching.length),
      'x-wp-totalpages': String(Math.ceil(matching.length / perPage)),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const shop: TestShop = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lizenzen`,
    orders: [],
    refunds: {},
    requests: [],
    failWith: null,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return shop;
}
