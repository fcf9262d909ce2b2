let firstPaint: Promise<void> | undefined;

/** The longest a first screen's requests wait for its first paint (a page that paints nothing). */
const LONGEST_WAIT_MS = 500;

/**
 * Resolves once the page has shown its first content (the browser's first contentful paint, also
 * when that was before the call). What a first screen starts in its effects (the user's request, a
 * lazy page's files) waits for it, so that first frame (the layout, the cookie banner) is on the
 * screen before their answers arrive and are evaluated. Otherwise the browser painted that frame
 * sometimes before and sometimes after them, and Lighthouse's simulation counted them into the
 * largest paint whenever they had ended before it (decision 059). A hidden page paints nothing:
 * there, and where the browser does not report paints, it resolves after the next frame or at once.
 */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise((resolve) => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
      // The frame's callbacks run before its paint; a task queued there runs after it.
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timeout = setTimeout(() => done(), LONGEST_WAIT_MS);
    const done = () => {
      observer.disconnect();
      clearTimeout(timeout);
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    document.addEventListener('visibilitychange', done);
    observer.observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}

/**
 * Resolves once what was just rendered is on the screen: after the frames that follow, or at once
 * on a hidden page (which draws no frames). What a page asks for here cannot end before that paint.
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof document === 'undefined' || document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    // A frame's callbacks run before its paint: the second frame's come after the first's paint,
    // and a task queued there runs once that frame is drawn.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/**
 * Resolves once the element marked `elementtiming={name}` and rendered at `since` or later has
 * been painted, as the browser reports it (Element Timing: when the paint was presented, the time
 * Lighthouse reads for a largest paint). Two frames end a frame's drawing, not always its
 * presentation: a request asked for then was seen starting 18 ms before the paint the browser
 * reported. Where the browser has no element timing, on a hidden page, or when no such paint comes
 * within LONGEST_WAIT_MS, it resolves as `afterNextPaint` does.
 */
export function afterElementPaint(name: string, since: number): Promise<void> {
  if (
    typeof document === 'undefined' ||
    document.visibilityState === 'hidden' ||
    !PerformanceObserver.supportedEntryTypes.includes('element')
  ) {
    return afterNextPaint();
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((entries) => {
      const painted = entries
        .getEntries()
        .some((entry) => (entry as PerformanceElementTiming).identifier === name && entry.startTime >= since);
      if (painted) done();
    });
    const timeout = setTimeout(() => void afterNextPaint().then(done), LONGEST_WAIT_MS);
    function done() {
      observer.disconnect();
      clearTimeout(timeout);
      resolve();
    }
    // Buffered: the paint may come before the caller's effect runs.
    observer.observe({ type: 'element', buffered: true });
  });
}

/** Element Timing's entry (Chromium's; not in TypeScript's DOM types). */
interface PerformanceElementTiming extends PerformanceEntry {
  readonly identifier: string;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- a merge repeats React's type parameter
  interface HTMLAttributes<T> {
    /** Element Timing: the browser reports this element's paint under the name (`afterElementPaint`). */
    elementtiming?: string;
  }
}
