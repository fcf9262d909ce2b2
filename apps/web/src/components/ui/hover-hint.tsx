import { Tooltip } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

/**
 * A tooltip for a control that repeats on every row of a list (the license list's document
 * buttons): Mantine's `Tooltip` around the control, but rendered only while the pointer is over it.
 * A mounted tooltip keeps its positioning (floating-ui) and listeners alive even while hidden — a
 * hundred of them were a large part of rendering a page of rows on a phone (decision 055). Like
 * the theme's tooltips, it shows on hover and on focus; a control that cannot act yet stays
 * focusable (`aria-disabled`), so its hint says why to the keyboard too.
 */
export function useHoverHint<Target extends HTMLElement>(label: ReactNode) {
  const target = useRef<Target>(null);
  const [shown, setShown] = useState(false);
  return {
    targetProps: {
      ref: target,
      onPointerEnter: () => setShown(true),
      onPointerLeave: () => setShown(false),
      // The keyboard's hover: the hint shows while the control has the focus.
      onFocus: () => setShown(true),
      onBlur: () => setShown(false),
    },
    hint: shown ? <Tooltip label={label} opened target={target} /> : null,
  };
}
