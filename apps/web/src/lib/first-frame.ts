import { useLayoutEffect } from 'react';

let framePainted: () => void = () => {};

/**
 * Settles once the app's first frame is on screen (`useFirstFrame` in the root layout), at once
 * after that. A lazily loaded page asks for its files only then (decision 058): requests that
 * start before the first paint compete with it for the line, and Lighthouse counts every request
 * that ended before the largest paint as one the paint waited for.
 */
export const firstFramePainted = new Promise<void>((resolve) => (framePainted = resolve));

/**
 * Marks the first frame as painted: the layout effect runs when React has committed the first
 * render, the animation frame comes before the browser paints it, and the timeout after.
 */
export function useFirstFrame(): void {
  useLayoutEffect(() => {
    requestAnimationFrame(() => setTimeout(framePainted));
  }, []);
}
