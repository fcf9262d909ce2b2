import type { AddToCartMessage } from '@lizenzportal/domain';

/**
 * The messages the assistant posts to the shop page around its iframe (customer spec §7,
 * DESIGN.md §6), always addressed to the configured shop origin — never to `'*'`, so no other
 * page that frames the assistant learns the cart or the session's token.
 */
export type ShopMessage =
  | { type: 'add_to_cart'; data: AddToCartMessage }
  | { type: 'adjust_height'; data: { height: number } }
  | { type: 'scroll_to_top'; data?: undefined }
  /** Sent on a pro license click (customer spec §7): the shop can see that messages arrive. */
  | { type: 'test'; data?: undefined };

/** The iframe is at least this high, so the shop page does not jump on short steps. */
const MIN_FRAME_HEIGHT = 850;
/** Room below the content: dropdowns and dialogs open without a scroll bar inside the frame. */
const FRAME_HEIGHT_RESERVE = 500;

/** The height the shop gives the iframe for content this high (spec §7: 850 or body + 500). */
export function frameHeight(contentHeight: number): number {
  return Math.max(MIN_FRAME_HEIGHT, Math.ceil(contentHeight) + FRAME_HEIGHT_RESERVE);
}

export interface ShopChannel {
  post(message: ShopMessage): void;
}

/** `shopOrigin` as an origin (`https://shop.example`), or `null` if it is none. */
export function parseOrigin(shopOrigin: string): string | null {
  try {
    const origin = new URL(shopOrigin).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Posts to `parent` for `shopOrigin` only. Outside a frame (`parent` is the page itself) there is
 * no shop to tell; the browser drops a message whose target origin the parent does not have.
 */
export function shopChannel(self: Window, shopOrigin: string): ShopChannel {
  const origin = parseOrigin(shopOrigin);
  return {
    post(message) {
      if (origin === null || self.parent === self) return;
      self.parent.postMessage(message, origin);
    },
  };
}
