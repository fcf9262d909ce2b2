import { describe, expect, it } from 'vitest';
import { addressOnShopOrigin } from './shop-origin.ts';

describe('addressOnShopOrigin', () => {
  it('names the same page on the shop’s origin when this page is on another', () => {
    const here = new URL('http://127.0.0.1:3000/shop-demo');
    expect(addressOnShopOrigin('http://localhost:3000', here)).toEqual({
      origin: 'http://localhost:3000',
      address: 'http://localhost:3000/shop-demo',
    });
  });

  it('is null on the shop’s own origin and for an origin that is none', () => {
    const here = new URL('http://localhost:3000/shop-demo');
    expect(addressOnShopOrigin('http://localhost:3000/', here)).toBeNull();
    expect(addressOnShopOrigin('not an address', here)).toBeNull();
  });
});
