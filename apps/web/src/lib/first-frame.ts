import { useLayoutEffect } from 'react';

/**
 * How long after its first commit the app waits for the browser to report the first contentful
 * paint: a first frame with nothing contentful (a loader alone) must not hold the page's files.
 */
const PAINT_WAIT_MS = 500;

let framePainted: () => void = () => {};

/**
 * Settles once the app's first frame is on screen (`useFirstFrame` in the root layout), at once
 * after that. A lazily loaded page asks for its files only then (decision 058): requests that
 * start before the first paint compete with it for the line, and Lighthouse counts every request
 * that ended before the largest paint as one the paint waited for.
 */
export const firstFramePainted = new Promise<void>((resolve) => (framePainted = resolve));

/** Calls `done` once the browser reports the first contentful paint (or after `PAINT_WAIT_MS`). */
function whenPainted(done: () => void): void {
  const fallback = setTimeout(done, PAINT_WAIT_MS);
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    // No paint timing: the timeout after the next animation frame runs after that frame's paint.
    requestAnimationFrame(() => setTimeout(done));
    return;
  }
  // The entry comes when the frame was presented, after the main thread's part of the paint.
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    clearTimeout(fallback);
    done();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/** Marks the first frame as painted: watched from the commit of the app's first render on. */
export function useFirstFrame(): void {
  useLayoutEffect(() => whenPainted(framePainted), []);
}
