import type { AddToCartMessage } from '@lizenzportal/domain';

/** What the stand-in shop understands of the assistant's messages (customer spec §7). */
export type AssistantMessage =
  | { type: 'add_to_cart'; data: AddToCartMessage }
  | { type: 'adjust_height'; data: { height: number } }
  | { type: 'scroll_to_top' };

/** The message if it is one of the assistant's, else `null` (anything else is ignored). */
export function readAssistantMessage(data: unknown): AssistantMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  const message = data as { type: unknown; data?: unknown };
  switch (message.type) {
    case 'scroll_to_top':
      return { type: 'scroll_to_top' };
    case 'adjust_height': {
      const height = (message.data as { height?: unknown } | undefined)?.height;
      return typeof height === 'number' && Number.isFinite(height) && height > 0
        ? { type: 'adjust_height', data: { height } }
        : null;
    }
    case 'add_to_cart': {
      const cart = message.data as Partial<AddToCartMessage> | undefined;
      return cart && Array.isArray(cart.products) && typeof cart.billing?.countryCode === 'string'
        ? { type: 'add_to_cart', data: cart as AddToCartMessage }
        : null;
    }
    default:
      return null;
  }
}
