import { VisuallyHidden } from '@mantine/core';
import { assistantScreens, formatMoney, formatPercent, type Cart } from '@lizenzportal/domain';
import { useEffect, useRef, useState } from 'react';

/**
 * How long the price must stay the same before it is said: a slider dragged or an arrow key held
 * changes it many times a second, and a screen reader would read every one.
 */
export const PRICE_ANNOUNCEMENT_DELAY_MS = 800;

/** The largest volume discount in the cart (the pro seats'), or none. */
const discountOf = (cart: Cart) =>
  Math.max(
    0,
    ...cart.groupedLineItems.flatMap((group) => group.lineItems.map((item) => item.discountPercent)),
  );

/**
 * The price of the seats, said by screen readers (WCAG 4.1.3, issue 24): a polite live region
 * that, once the seats or DVDs stop changing, holds the new seat count, total and volume
 * discount. The price the step opens with is shown, not said.
 */
export function PriceAnnouncement({ cart, seatCount }: { cart: Cart | null; seatCount: number }) {
  const discount = cart ? discountOf(cart) : 0;
  const text = cart
    ? assistantScreens.priceAnnouncement(
        seatCount,
        formatMoney(cart.totals.gross),
        discount > 0 ? formatPercent(discount) : null,
      )
    : '';
  const opening = useRef(text);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (text === opening.current && announcement === '') return;
    const timer = setTimeout(() => setAnnouncement(text), PRICE_ANNOUNCEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, announcement]);
  return (
    <VisuallyHidden
      role="status"
      aria-live="polite"
      aria-atomic="true"
      aria-label={assistantScreens.pricePreview}
    >
      {announcement}
    </VisuallyHidden>
  );
}
