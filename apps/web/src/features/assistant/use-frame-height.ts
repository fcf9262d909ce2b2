import { useEffect, useMemo } from 'react';
import { frameHeight, type ShopChannel } from './shop-messages.ts';

/** A step's height is reported this long after it is shown, and again later for late layout. */
const STEP_SHOWN_DELAYS_MS = [20, 100] as const;
/** Resizes are reported at most this often (customer spec §7). */
const RESIZE_THROTTLE_MS = 200;

export interface FrameHeightReporter {
  /** A step is shown: report 20 ms later and after 100 ms if the height changed. Returns the cancel. */
  stepShown(): () => void;
  /** The window or the content was resized: report now, then at most once per 200 ms. */
  resized(): void;
  dispose(): void;
}

/**
 * The timing of `adjust_height` (customer spec §7), apart from the DOM: `measure` gives the
 * content's height; a height is posted only when it differs from the last one sent, except the
 * first report of a new step, which is always sent.
 */
export function frameHeightReporter(measure: () => number, channel: ShopChannel): FrameHeightReporter {
  let sent: number | null = null;
  let throttle: ReturnType<typeof setTimeout> | null = null;
  let resizedMeanwhile = false;
  const report = () => {
    const height = frameHeight(measure());
    if (height === sent) return;
    sent = height;
    channel.post({ type: 'adjust_height', data: { height } });
  };
  // Resizes during the pause are reported once at its end, which starts the next pause.
  const pauseEnded = () => {
    throttle = null;
    if (!resizedMeanwhile) return;
    resizedMeanwhile = false;
    report();
    throttle = setTimeout(pauseEnded, RESIZE_THROTTLE_MS);
  };
  return {
    stepShown() {
      sent = null;
      const timers = STEP_SHOWN_DELAYS_MS.map((delay) => setTimeout(report, delay));
      return () => timers.forEach(clearTimeout);
    },
    resized() {
      if (throttle !== null) {
        resizedMeanwhile = true;
        return;
      }
      report();
      throttle = setTimeout(pauseEnded, RESIZE_THROTTLE_MS);
    },
    dispose() {
      if (throttle !== null) clearTimeout(throttle);
      throttle = null;
      resizedMeanwhile = false;
    },
  };
}

/**
 * Tells the shop page how high the iframe should be (`adjust_height`): when a step is shown and
 * on every resize of the window or of the content (see `frameHeightReporter`).
 */
export function useFrameHeight(content: HTMLElement | null, step: string, channel: ShopChannel): void {
  const reporter = useMemo(
    () =>
      content &&
      // The content's bottom on the page: the height of the body's content.
      frameHeightReporter(() => content.getBoundingClientRect().bottom + window.scrollY, channel),
    [content, channel],
  );

  useEffect(() => reporter?.stepShown(), [step, reporter]);

  useEffect(() => {
    if (!content || !reporter) return;
    const resized = () => reporter.resized();
    window.addEventListener('resize', resized);
    const observer = new ResizeObserver(resized);
    observer.observe(content);
    return () => {
      window.removeEventListener('resize', resized);
      observer.disconnect();
      reporter.dispose();
    };
  }, [content, reporter]);
}
