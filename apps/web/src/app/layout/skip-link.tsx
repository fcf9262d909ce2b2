import { navigationMessages } from '@lizenzportal/domain';
import type { MouseEvent } from 'react';

/**
 * „Zum Inhalt springen”: the first stop of the Tab key, shown when focused; it moves the focus
 * past the bar and its navigation to the page's content.
 */
export function SkipLink({ target }: { target: string }) {
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    // Focus, not a hash in the address: the router would take the hash for a navigation.
    event.preventDefault();
    document.getElementById(target)?.focus();
  }
  return (
    <a href={`#${target}`} className="lp-skip-link" onClick={skip}>
      {navigationMessages.skipToContent}
    </a>
  );
}
