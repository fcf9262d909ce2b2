import { VisuallyHidden } from '@mantine/core';
import { assistantScreens, formatMoney, formatPercent, type Cart } from '@lizenzportal/domain';
import { useEffect, useRef, useState } from 'react';

/**
 * How long the price must stay the same before it is said: a slider dragged or an arrow key held
 * changes it many times a second, and a screen reader would read every one.
 */
const PRICE_ANNOUNCEMENT_DELAY_MS = 800;

/** The largest volume discount in the cart (the pro seats'), or none. */
const discountOf = (cart: Cart) =>
  Math.max(
    0,
    ...cart.groupedLineItems.flatMap((group) => group.lineItems.map((item) => item.discountPercent)),
  );

/**
 * What the seats step says: the seat count (an extension's: the seats added to its
 * `previousSeats`), the total and the volume discount.
 */
export function seatsAnnouncement(
  cart: Cart | null,
  seatCount: number,
  previousSeats: number | null = null,
): string {
  if (!cart) return '';
  const discount = discountOf(cart);
  const gross = formatMoney(cart.totals.gross);
  const discountText = discount > 0 ? formatPercent(discount) : null;
  return previousSeats === null
    ? assistantScreens.priceAnnouncement(seatCount, gross, discountText)
    : assistantScreens.extensionPriceAnnouncement(seatCount - previousSeats, gross, discountText);
}

/**
 * The price, said by screen readers (WCAG 4.1.3, issue 24): a polite live region that, once what
 * is priced stops changing, holds `text` (the seats' count, total and discount; the reseller
 * order's licenses and total). The price the step opens with is shown, not said.
 */
export function PriceAnnouncement({ text }: { text: string }) {
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
