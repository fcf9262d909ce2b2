import { describe, expect, it, vi } from 'vitest';
import { frameHeight, parseOrigin, shopChannel } from './shop-messages.ts';

describe('messages to the shop page', () => {
  it('asks for at least 850 px, else the content plus 500 px', () => {
    expect(frameHeight(0)).toBe(850);
    expect(frameHeight(350)).toBe(850);
    expect(frameHeight(351)).toBe(851);
    expect(frameHeight(1200.2)).toBe(1701);
  });

  it('posts to the shop origin only, never to any origin', () => {
    const postMessage = vi.fn();
    const self = { parent: { postMessage } } as unknown as Window;
    shopChannel(self, 'https://shop.example/warenkorb').post({ type: 'scroll_to_top' });
    expect(postMessage).toHaveBeenCalledWith({ type: 'scroll_to_top' }, 'https://shop.example');
  });

  it('posts nothing outside a frame or without a valid shop origin', () => {
    const postMessage = vi.fn();
    const framed = { parent: { postMessage } } as unknown as Window;
    const alone = { postMessage } as unknown as Window & { parent: Window };
    alone.parent = alone;
    shopChannel(alone, 'https://shop.example').post({ type: 'scroll_to_top' });
    shopChannel(framed, '*').post({ type: 'scroll_to_top' });
    shopChannel(framed, 'data:text/html,x').post({ type: 'scroll_to_top' });
    expect(postMessage).not.toHaveBeenCalled();
    expect(parseOrigin('http://localhost:3000/shop-demo')).toBe('http://localhost:3000');
  });
});
