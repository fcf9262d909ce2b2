import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShopMessage } from './shop-messages.ts';
import { frameHeightReporter } from './use-frame-height.ts';

/** A reporter whose content is `height()` high, and the heights it posted so far. */
function setup(initialHeight: number) {
  let height = initialHeight;
  const posted: number[] = [];
  const reporter = frameHeightReporter(() => height, {
    post: (message: ShopMessage) => {
      if (message.type === 'adjust_height') posted.push(message.data.height);
    },
  });
  return { reporter, posted, grow: (to: number) => (height = to) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the frame height sent to the shop', () => {
  it('is sent 20 ms after a step is shown: at least 850, else the content plus 500', () => {
    const short = setup(300);
    short.reporter.stepShown();
    vi.advanceTimersByTime(19);
    expect(short.posted).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(short.posted).toEqual([850]);

    const tall = setup(700.2);
    tall.reporter.stepShown();
    vi.advanceTimersByTime(20);
    expect(tall.posted).toEqual([1201]);
  });

  it('is sent again after 100 ms only if the height changed meanwhile', () => {
    const unchanged = setup(600);
    unchanged.reporter.stepShown();
    vi.advanceTimersByTime(200);
    expect(unchanged.posted).toEqual([1100]);

    const late = setup(600);
    late.reporter.stepShown();
    vi.advanceTimersByTime(20);
    late.grow(900);
    vi.advanceTimersByTime(79);
    expect(late.posted).toEqual([1100]);
    vi.advanceTimersByTime(1);
    expect(late.posted).toEqual([1100, 1400]);
  });

  it('is sent for every new step, even at the same height, and not for a step already left', () => {
    const { reporter, posted } = setup(600);
    reporter.stepShown();
    vi.advanceTimersByTime(100);
    const leave = reporter.stepShown();
    vi.advanceTimersByTime(20);
    expect(posted).toEqual([1100, 1100]);
    leave();
    reporter.stepShown()();
    vi.advanceTimersByTime(200);
    expect(posted).toEqual([1100, 1100]);
  });

  it('follows resizes at once, then at most every 200 ms with the latest height', () => {
    const { reporter, posted, grow } = setup(600);
    reporter.resized();
    expect(posted).toEqual([1100]);
    for (const height of [650, 700, 750]) {
      vi.advanceTimersByTime(50);
      grow(height);
      reporter.resized();
    }
    expect(posted).toEqual([1100]);
    vi.advanceTimersByTime(50);
    expect(posted).toEqual([1100, 1250]);
    // A resize within the next 200 ms waits for their end as well.
    grow(800);
    reporter.resized();
    vi.advanceTimersByTime(199);
    expect(posted).toEqual([1100, 1250]);
    vi.advanceTimersByTime(1);
    expect(posted).toEqual([1100, 1250, 1300]);
    // Quiet for a pause: the next resize is reported at once.
    vi.advanceTimersByTime(200);
    grow(820);
    reporter.resized();
    expect(posted).toEqual([1100, 1250, 1300, 1320]);
  });

  it('sends nothing pending once disposed', () => {
    const { reporter, posted, grow } = setup(600);
    reporter.resized();
    grow(700);
    reporter.resized();
    reporter.dispose();
    vi.advanceTimersByTime(1000);
    expect(posted).toEqual([1100]);
  });
});
