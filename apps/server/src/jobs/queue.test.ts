import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase, resetDatabase } from '../test/database.ts';
import { silentLogger } from '../test/logger.ts';
import { JobQueue } from './queue.ts';

let database: Database;
const started: JobQueue[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((queue) => queue.stop({ graceful: false })));
  await resetDatabase(database);
});
afterAll(async () => {
  await database.close();
});

async function startQueue(options: { superviseIntervalSeconds?: number } = {}): Promise<JobQueue> {
  const queue = await JobQueue.start(database, silentLogger, {
    maintenance: options.superviseIntervalSeconds !== undefined,
    ...options,
  });
  started.push(queue);
  return queue;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('two workers never run one job twice', async () => {
  const [first, second] = [await startQueue(), await startQueue()];
  await first.define('count', { retryLimit: 0 });
  const runs: { job: number; worker: string }[] = [];
  const handler = (worker: string) => async (job: { data: { job: number } }) => {
    runs.push({ job: job.data.job, worker });
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await first.work('count', handler('first'), 2);
  await second.work('count', handler('second'), 2);
  for (let job = 0; job < 40; job++) await first.send('count', { job });
  await until(() => runs.length >= 40);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(runs).toHaveLength(40);
  expect(new Set(runs.map((run) => run.job)).size).toBe(40);
});

test('a job whose worker crashed is picked up again', async () => {
  const crashing = await startQueue();
  await crashing.define('crash', { retryLimit: 2, retryDelay: 0, expireInSeconds: 1 });
  let taken = false;
  await crashing.work('crash', async () => {
    taken = true;
    await new Promise(() => {}); // the process "dies" while holding the job
  });
  const id = await crashing.send('crash', { payload: 'survives' });
  await until(() => taken);
  await crashing.stop({ graceful: false });
  started.splice(started.indexOf(crashing), 1);

  const rescuer = await startQueue({ superviseIntervalSeconds: 1 });
  const received: unknown[] = [];
  await rescuer.work('crash', async (job) => {
    received.push(job.data);
  });
  await until(() => received.length === 1, 20_000);
  expect(received).toEqual([{ payload: 'survives' }]);
  await until(async () => (await rescuer.job('crash', id!))?.state === 'completed');
});

test('retries stop at the limit and the job keeps its last error', async () => {
  const queue = await startQueue();
  await queue.define('flaky', { retryLimit: 2, retryDelay: 0, retryBackoff: false });
  let attempts = 0;
  await queue.work('flaky', async () => {
    attempts += 1;
    throw new Error(`mail server down (attempt ${attempts})`);
  });
  const id = await queue.send('flaky', {});
  await until(async () => (await queue.job('flaky', id!))?.state === 'failed');
  const job = await queue.job('flaky', id!);
  expect(attempts).toBe(3);
  expect(job?.output).toMatchObject({ message: 'mail server down (attempt 3)' });
});

test('a job sent in a rolled-back transaction never runs; a committed one does', async () => {
  const queue = await startQueue();
  await queue.define('transactional', { retryLimit: 0 });
  const received: unknown[] = [];
  await queue.work('transactional', async (job) => {
    received.push(job.data);
  });
  await database.db
    .transaction()
    .execute(async (transaction) => {
      await queue.send('transactional', { outcome: 'rolled back' }, { transaction });
      throw new Error('business rule failed');
    })
    .catch(() => {});
  await database.db.transaction().execute(async (transaction) => {
    await queue.send('transactional', { outcome: 'committed' }, { transaction });
    // A slow transaction while the worker polls: the poll must neither see nor disturb it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(received).toEqual([]);
  });
  await until(() => received.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(received).toEqual([{ outcome: 'committed' }]);
});
