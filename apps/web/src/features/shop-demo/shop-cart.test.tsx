import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { shopDemoMessages, type AddToCartMessage } from '@lizenzportal/domain';
import { ShopCart } from './shop-cart.tsx';

const cart = (products: AddToCartMessage['products']): AddToCartMessage =>
  ({
    products,
    sessionId: null,
    sessionToken: null,
    offerToken: null,
    billing: { countryCode: 'DE' },
    purchaseType: 'reseller',
  }) as unknown as AddToCartMessage;

const render = (message: AddToCartMessage) =>
  renderToString(
    <MantineProvider>
      <ShopCart cart={message} />
    </MantineProvider>,
  );

describe('the stand-in shop’s cart', () => {
  it('says why it cannot price a reseller line without its license size, instead of breaking the page', () => {
    const line = {
      sku: 'M9-PRO',
      productType: 'license',
      productId: 801,
      class: 'pro',
      type: 'full',
      quantity: 8,
    };
    const html = render(cart([{ ...line, licenseUid: 'a', customerReference: 'Schule Nord' }] as never));
    expect(html).toContain(shopDemoMessages.resellerLineWithoutSize);
    const sized = render(
      cart([{ ...line, licenseUid: 'a', customerReference: 'Schule Nord', licenseSize: 4 }] as never),
    );
    expect(sized).not.toContain(shopDemoMessages.resellerLineWithoutSize);
    expect(sized).toContain('Schule Nord');
  });
});
