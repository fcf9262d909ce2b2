import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { LookupBatches } from './lookup-batches.ts';

/** A batch runner that records its batches and answers each when the test says so. */
function heldRunner() {
  const batches: number[][] = [];
  const answers: ((fail?: Error) => void)[] = [];
  const run = (requests: readonly number[]) => {
    batches.push([...requests]);
    return new Promise<number[]>((resolve, reject) => {
      answers.push((fail) => (fail ? reject(fail) : resolve(requests.map((request) => request * 10))));
    });
  };
  return { batches, answers, run };
}

describe('lookup batches', () => {
  test('lookups that arrive in one turn are answered by one batch, each with its own result', async () => {
    const runner = heldRunner();
    const lookups = new LookupBatches(runner.run, { maxBatch: 10 });
    const results = Promise.all([lookups.lookUp(1), lookups.lookUp(2), lookups.lookUp(3)]);
    await nextTurn();
    expect(runner.batches).toEqual([[1, 2, 3]]);
    runner.answers[0]!();
    expect(await results).toEqual([10, 20, 30]);
  });

  test('a lookup alone starts in the next turn; those arriving meanwhile form the next batch', async () => {
    const runner = heldRunner();
    const lookups = new LookupBatches(runner.run, { maxBatch: 10 });
    const first = lookups.lookUp(1);
    await nextTurn();
    expect(runner.batches).toEqual([[1]]);
    const later = Promise.all([lookups.lookUp(2), lookups.lookUp(3)]);
    await nextTurn();
    expect(runner.batches).toEqual([[1]]);
    runner.answers[0]!();
    expect(await first).toBe(10);
    await nextTurn();
    expect(runner.batches).toEqual([[1], [2, 3]]);
    runner.answers[1]!();
    expect(await later).toEqual([20, 30]);
  });

  test('no batch is larger than its maximum', async () => {
    const sizes: number[] = [];
    const lookups = new LookupBatches(
      async (requests: readonly number[]) => {
        sizes.push(requests.length);
        return requests;
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((request) => lookups.lookUp(request)))).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(sizes).toEqual([2, 2, 1]);
  });

  test('a failed batch fails its own lookups only, and the next batch still runs', async () => {
    const runner = heldRunner();
    const lookups = new LookupBatches(runner.run, { maxBatch: 10 });
    const failing = [lookups.lookUp(1), lookups.lookUp(2)].map((lookup) =>
      lookup.catch((error: Error) => error),
    );
    await nextTurn();
    const next = lookups.lookUp(3);
    runner.answers[0]!(new Error('database gone'));
    expect((await Promise.all(failing)).map((error) => (error as Error).message)).toEqual([
      'database gone',
      'database gone',
    ]);
    await nextTurn();
    runner.answers[1]!();
    expect(await next).toBe(30);
  });

  test('a batch answered with another number of results fails, rather than answer the wrong lookup', async () => {
    const lookups = new LookupBatches(async (requests: readonly number[]) => requests.slice(1), {
      maxBatch: 10,
    });
    const answered = await Promise.allSettled([lookups.lookUp(1), lookups.lookUp(2)]);
    expect(answered.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
