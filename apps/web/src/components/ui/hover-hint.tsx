import { Tooltip } from '@mantine/core';
import { useRef, useState, type ReactNode } from 'react';

/**
 * A tooltip for a control that repeats on every row of a list (the license list's document
 * buttons): Mantine's `Tooltip` around the control, but rendered only while the pointer is over it.
 * A mounted tooltip keeps its positioning (floating-ui) and listeners alive even while hidden — a
 * hundred of them were a large part of rendering a page of rows on a phone (decision 055). Like
 * Mantine's default, it shows on hover; pointer events also reach a disabled button, whose hint
 * says why it is disabled.
 */
export function useHoverHint<Target extends HTMLElement>(label: ReactNode) {
  const target = useRef<Target>(null);
  const [shown, setShown] = useState(false);
  return {
    targetProps: {
      ref: target,
      onPointerEnter: () => setShown(true),
      onPointerLeave: () => setShown(false),
    },
    hint: shown ? <Tooltip label={label} opened target={target} /> : null,
  };
}
