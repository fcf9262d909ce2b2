import { describe, expect, it } from 'vitest';
import { readAssistantMessage } from './received-messages.ts';

describe('messages the stand-in shop reads', () => {
  it('reads the assistant’s three messages', () => {
    expect(readAssistantMessage({ type: 'scroll_to_top' })).toEqual({ type: 'scroll_to_top' });
    expect(readAssistantMessage({ type: 'adjust_height', data: { height: 900 } })).toEqual({
      type: 'adjust_height',
      data: { height: 900 },
    });
    const cart = { products: [], billing: { countryCode: 'DE' }, purchaseType: 'new' };
    expect(readAssistantMessage({ type: 'add_to_cart', data: cart })).toMatchObject({ data: cart });
  });

  it('ignores anything else', () => {
    for (const data of [
      null,
      'add_to_cart',
      { type: 'other' },
      { type: 'adjust_height', data: { height: '900' } },
      { type: 'adjust_height', data: { height: -1 } },
      { type: 'add_to_cart', data: { products: 'x' } },
    ]) {
      expect(readAssistantMessage(data)).toBeNull();
    }
  });
});
