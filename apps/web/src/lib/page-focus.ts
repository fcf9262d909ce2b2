import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** The history entry whose page last presented its heading; unset until the first page showed. */
let presentedEntry: string | undefined;

/**
 * After a navigation, the new page's heading takes the focus: screen readers announce the page,
 * and keyboard users continue from its top instead of from wherever the old page left the focus.
 * A page opened by its address keeps the browser's own start (the skip link comes first), and
 * changes of the query alone (paging a list) leave the focus where it is.
 */
export function useFocusAfterNavigation(heading: RefObject<HTMLElement | null>): void {
  const { pathname, key } = useLocation();
  const shownPath = useRef<string | null>(null);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (presentedEntry !== undefined && presentedEntry !== key) heading.current?.focus();
    presentedEntry = key;
  }, [pathname, key, heading]);
}
