export interface Timing {
  p50: number;
  p95: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs each workload `rounds` times, a round at a time and in turns, so that a change of the
 * machine's load hits all alike; one warm-up run each first (plans and caches).
 */
export async function timedInTurns(
  workloads: readonly (() => Promise<unknown>)[],
  rounds: number,
): Promise<Timing[]> {
  for (const work of workloads) await work();
  const times = workloads.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [index, work] of workloads.entries()) {
      const start = performance.now();
      await work();
      times[index]!.push(performance.now() - start);
    }
  }
  return times.map((list) => {
    list.sort((x, y) => x - y);
    return { p50: percentile(list, 50), p95: percentile(list, 95) };
  });
}

/** `p50/p95 ms`. */
export const ms = ({ p50, p95 }: Timing) => `${p50.toFixed(1)}/${p95.toFixed(1)} ms`;
