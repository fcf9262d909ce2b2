/**
 * What the shop must refuse: a forged token, a token taken twice, another quantity (the classic
 * cart's form and the Store API) and the portal's products added directly (`?add-to-cart=` and the
 * Store API), each checked against the cart afterwards; and that the setting „Nur mit
 * Warenkorb-Token des Portals”, on by default, is what refuses the direct add.
 */
import type { Page } from 'playwright-core';
import type { Shop } from './shop-site.ts';

export interface Refusal {
  name: string;
  /** Whether the shop did what it must (refused, or with the setting off: allowed). */
  passed: boolean;
  observed: string;
}

interface StoreCart {
  items: { key: string; id: number; quantity: number }[];
  totals: { total_price: string };
}

/** The Store API from the buyer's page (their session cookie and the Store API's nonce). */
async function storeApi(page: Page, method: string, route: string, body?: unknown) {
  return page.evaluate(
    async ({ method, route, body }) => {
      const cart = await fetch('/wp-json/wc/store/v1/cart', { credentials: 'same-origin' });
      const nonce = cart.headers.get('Nonce') ?? '';
      const response =
        route === 'cart'
          ? cart
          : await fetch(`/wp-json/wc/store/v1/${route}`, {
              method,
              credentials: 'same-origin',
              headers: { 'content-type': 'application/json', Nonce: nonce },
              body: JSON.stringify(body),
            });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, route, body },
  );
}

const storeCart = async (page: Page) => (await storeApi(page, 'GET', 'cart')).body as StoreCart;

/** Posts a cart token to the plugin's route as the shop page's script does. */
async function handOff(page: Page, cartToken: string) {
  const config = (await page.evaluate('window.lizenzportalAssistent')) as {
    cartRoute: string;
    nonce: string;
  };
  return page.evaluate(
    async ({ config, token }) => {
      const response = await fetch(config.cartRoute, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'X-WP-Nonce': config.nonce },
        body: JSON.stringify({ cartToken: token }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { code?: string; message?: string },
      };
    },
    { config, token: cartToken },
  );
}

/** A token with one line's price changed and the portal's signature kept. */
function forged(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
    lines: { unitGross: number }[];
  };
  claims.lines[0]!.unitGross = 1;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/**
 * The refusals, on the assistant's page of a fresh buyer: `token` is a fresh cart token of the
 * portal for this shop (10 pro seats and a DVD).
 */
export async function checkRefusals(page: Page, shop: Shop, token: string): Promise<Refusal[]> {
  const results: Refusal[] = [];
  const record = (name: string, passed: boolean, observed: string) =>
    results.push({ name, passed, observed });
  const pro = shop.productIds['M9-PRO'];

  const fake = await handOff(page, forged(token));
  const afterFake = await storeCart(page);
  record(
    'Gefälschter Token (Preis geändert)',
    fake.status === 400 && afterFake.items.length === 0,
    `${fake.status} ${fake.body.code}, ${afterFake.items.length} Positionen`,
  );

  const taken = await handOff(page, token);
  const again = await handOff(page, token);
  record(
    'Token zweimal übernommen',
    taken.status === 200 && again.status === 409,
    `${taken.status}, dann ${again.status} ${again.body.code}`,
  );

  const before = await storeCart(page);
  const line = before.items.find((item) => item.id === pro)!;
  const viaStore = await storeApi(page, 'POST', 'cart/update-item', {
    key: line.key,
    quantity: line.quantity + 5,
  });
  const afterStore = await storeCart(page);
  const storeLine = afterStore.items.find((item) => item.id === pro)!;
  record(
    'Menge geändert (Store API)',
    storeLine.quantity === line.quantity && afterStore.totals.total_price === before.totals.total_price,
    `${viaStore.status}, Menge ${storeLine.quantity} (war ${line.quantity})`,
  );

  // The classic cart's form as a buyer could send it after changing the hidden quantity field.
  await page.goto(`${shop.home}/warenkorb/`);
  const nonce = await page.locator('input[name="woocommerce-cart-nonce"]').inputValue();
  const answer = await page.request.post(`${shop.home}/warenkorb/`, {
    form: {
      [`cart[${line.key}][qty]`]: '99',
      'woocommerce-cart-nonce': nonce,
      update_cart: 'Warenkorb aktualisieren',
    },
  });
  const said = /kann hier nicht geändert werden/.test(await answer.text())
    ? 'Hinweis gezeigt'
    : 'kein Hinweis';
  const afterForm = (await storeCart(page)).items.find((item) => item.id === pro)!;
  record(
    'Menge geändert (Warenkorb-Formular)',
    afterForm.quantity === line.quantity,
    `Menge ${afterForm.quantity}; ${said}`,
  );

  const directStore = await storeApi(page, 'POST', 'cart/add-item', {
    id: shop.productIds['M9-PER'],
    quantity: 1,
  });
  const afterDirectStore = await storeCart(page);
  record(
    'Direkt hinzugefügt (Store API add-item)',
    directStore.status >= 400 &&
      !afterDirectStore.items.some((item) => item.id === shop.productIds['M9-PER']),
    `${directStore.status}`,
  );

  await page.goto(`${shop.home}/warenkorb/?add-to-cart=${shop.productIds['M9-PROU']}&quantity=3`);
  const afterDirect = await storeCart(page);
  const refusedText = await page.getByText('Dieses Produkt kann nur über den Lizenz-Assistenten').count();
  record(
    'Direkt hinzugefügt (?add-to-cart=)',
    !afterDirect.items.some((item) => item.id === shop.productIds['M9-PROU']),
    refusedText > 0 ? 'Hinweis gezeigt' : 'kein Hinweis',
  );

  shop.requireToken(false);
  await page.goto(`${shop.home}/warenkorb/?add-to-cart=${shop.productIds['M9-PROU']}&quantity=3`);
  const allowed = (await storeCart(page)).items.find((item) => item.id === shop.productIds['M9-PROU']);
  shop.requireToken(true);
  record(
    'Einstellung „Nur mit Warenkorb-Token” aus: ?add-to-cart= nimmt es',
    allowed?.quantity === 3,
    allowed ? `Menge ${allowed.quantity}` : 'nicht im Warenkorb',
  );
  return results;
}
