import { useThrottledCallback } from '@mantine/hooks';
import { useCallback, useEffect, useRef } from 'react';
import { frameHeight, type ShopChannel } from './shop-messages.ts';

/** Resizes are reported at most this often (customer spec §7). */
const RESIZE_THROTTLE_MS = 200;

/**
 * Tells the shop page how high the iframe should be (`adjust_height`): 20 ms after a step is
 * shown and again after 100 ms if it changed (late layout), and on every resize of the window or
 * of the content, throttled to 200 ms.
 */
export function useFrameHeight(content: HTMLElement | null, step: string, channel: ShopChannel): void {
  const sent = useRef<number | null>(null);
  const report = useCallback(() => {
    if (!content) return;
    // The content's bottom on the page: the height of the body's content.
    const height = frameHeight(content.getBoundingClientRect().bottom + window.scrollY);
    if (height === sent.current) return;
    sent.current = height;
    channel.post({ type: 'adjust_height', data: { height } });
  }, [content, channel]);
  const throttled = useThrottledCallback(report, RESIZE_THROTTLE_MS);

  useEffect(() => {
    sent.current = null;
    const early = setTimeout(report, 20);
    const late = setTimeout(report, 100);
    return () => {
      clearTimeout(early);
      clearTimeout(late);
    };
  }, [step, report]);

  useEffect(() => {
    window.addEventListener('resize', throttled);
    const observer = new ResizeObserver(throttled);
    if (content) observer.observe(content);
    return () => {
      window.removeEventListener('resize', throttled);
      observer.disconnect();
    };
  }, [content, throttled]);
}
