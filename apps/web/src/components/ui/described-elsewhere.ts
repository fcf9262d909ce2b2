import { useLayoutEffect, useRef } from 'react';

/**
 * Links an input to a text shown elsewhere — the error box below a form that says what is wrong
 * with this field — by adding that text's id to the input's `aria-describedby` (WCAG 1.3.1,
 * 3.3.1). Mantine writes the attribute itself from the field's own description and error, so the
 * id is added after each render and taken out again when it goes; Mantine's ids stay as they are.
 */
export function useDescribedElsewhere<T extends HTMLElement>(id: string | undefined) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !id) return;
    setDescribedBy(element, [id, ...describedBy(element).filter((token) => token !== id)]);
    return () =>
      setDescribedBy(
        element,
        describedBy(element).filter((token) => token !== id),
      );
  });
  return ref;
}

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);

function setDescribedBy(element: HTMLElement, ids: string[]): void {
  if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '));
  else element.removeAttribute('aria-describedby');
}
