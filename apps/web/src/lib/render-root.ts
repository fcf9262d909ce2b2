import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * Mounts an entry's app in its page's `#root`. The first render is a transition: React renders it
 * in slices that yield to the browser instead of one task (the portal's frame and a list's first
 * screen took 60 ms, 240 ms on a phone's CPU), which a page's blocking time counts (decision 079).
 * The first screen still paints as one commit.
 */
export function renderRoot(app: ReactNode): void {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(app));
}
