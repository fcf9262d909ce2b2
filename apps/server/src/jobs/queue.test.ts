import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { loadConfig, type JobQueueTiming } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createTestDatabase, resetDatabase } from '../test/database.ts';
import { testLogger } from '../test/error-logs.ts';
import { z } from 'zod';
import type { JobKind } from './catalogue.ts';
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

/** A queue with the default heartbeat and supervision, unless `timing` gives others. */
async function startQueue(timing: Partial<JobQueueTiming> = {}): Promise<JobQueue> {
  const queue = await JobQueue.start(database, testLogger(), {
    maintenance: false,
    ...loadConfig({}).jobQueue,
    ...timing,
  });
  started.push(queue);
  return queue;
}

/** The queues of these tests: any name, payloads as each test sends them. */
const EXCLUSIVE: JobKind = { name: 'exclusive', payload: z.strictObject({}) };
const COUNT: JobKind<{ job: number }> = { name: 'count', payload: z.strictObject({ job: z.number() }) };
const FLAKY: JobKind = { name: 'flaky', payload: z.strictObject({}) };
const TRANSACTIONAL: JobKind<{ outcome: string }> = {
  name: 'transactional',
  payload: z.strictObject({ outcome: z.string() }),
};

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a queue with a policy is defined again by every later start (a restart, another worker)', async () => {
  await (await startQueue()).define(EXCLUSIVE, { policy: 'exclusive', retryLimit: 0, expireInSeconds: 60 });
  const restarted = await startQueue();
  await restarted.define(EXCLUSIVE, { policy: 'exclusive', retryLimit: 2, expireInSeconds: 120 });
  expect(await restarted.job('exclusive', '00000000-0000-0000-0000-000000000000')).toBeNull();
});

test('the queues a process defines, and so their jobs, get its heartbeat (JOB_HEARTBEAT_SECONDS)', async () => {
  const queue = await startQueue({ heartbeatSeconds: 12 });
  await queue.define(COUNT, { retryLimit: 0, expireInSeconds: 60 });
  const id = await queue.send(COUNT, { job: 1 });
  expect((await queue.job(COUNT.name, id!))?.heartbeatSeconds).toBe(12);
  // Every start defines the queues again: the last process to start sets the heartbeat of new jobs.
  const restarted = await startQueue();
  await restarted.define(COUNT, { retryLimit: 0, expireInSeconds: 60 });
  const later = await restarted.send(COUNT, { job: 2 });
  expect((await restarted.job(COUNT.name, later!))?.heartbeatSeconds).toBe(
    loadConfig({}).jobQueue.heartbeatSeconds,
  );
});

test('two workers never run one job twice', async () => {
  const [first, second] = [await startQueue(), await startQueue()];
  await first.define(COUNT, { retryLimit: 0, expireInSeconds: 60 });
  const runs: { job: number; worker: string }[] = [];
  const handler = (worker: string) => async (job: { data: { job: number } }) => {
    runs.push({ job: job.data.job, worker });
    await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await first.work(COUNT, handler('first'), 2);
  await second.work(COUNT, handler('second'), 2);
  for (let job = 0; job < 40; job++) await first.send(COUNT, { job });
  await until(() => runs.length >= 40);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(runs).toHaveLength(40);
  expect(new Set(runs.map((run) => run.job)).size).toBe(40);
});

test('retries stop at the limit and the job keeps its last error', async () => {
  const queue = await startQueue();
  await queue.define(FLAKY, { retryLimit: 2, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 });
  let attempts = 0;
  await queue.work(FLAKY, async () => {
    attempts += 1;
    throw new Error(`mail server down (attempt ${attempts})`);
  });
  const id = await queue.send(FLAKY, {});
  await until(async () => (await queue.job('flaky', id!))?.state === 'failed');
  const job = await queue.job('flaky', id!);
  expect(attempts).toBe(3);
  expect(job?.output).toMatchObject({ message: 'mail server down (attempt 3)' });
});

test('a job sent in a rolled-back transaction never runs; a committed one does', async () => {
  const queue = await startQueue();
  await queue.define(TRANSACTIONAL, { retryLimit: 0, expireInSeconds: 60 });
  const received: unknown[] = [];
  await queue.work(TRANSACTIONAL, async (job) => {
    received.push(job.data);
  });
  await expect(
    database.db.transaction().execute(async (transaction) => {
      await queue.send(TRANSACTIONAL, { outcome: 'rolled back' }, { transaction });
      throw new Error('business rule failed');
    }),
  ).rejects.toThrow('business rule failed');
  await database.db.transaction().execute(async (transaction) => {
    await queue.send(TRANSACTIONAL, { outcome: 'committed' }, { transaction });
    // A slow transaction while the worker polls: the poll must neither see nor disturb it.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(received).toEqual([]);
  });
  await until(() => received.length === 1);
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(received).toEqual([{ outcome: 'committed' }]);
});

test('a payload its schema refuses is never sent, and one stored unreadable fails its attempt', async () => {
  const queue = await startQueue();
  await queue.define(TRANSACTIONAL, { retryLimit: 0, expireInSeconds: 60 });
  const received: unknown[] = [];
  await queue.work(TRANSACTIONAL, async (job) => {
    received.push(job.data);
  });
  await expect(queue.send(TRANSACTIONAL, { outcome: 42 } as never)).rejects.toThrow();
  // Stored by an older release in a shape this one no longer reads.
  const unreadable: JobKind = { name: TRANSACTIONAL.name, payload: z.object({}) };
  const id = await queue.send(unreadable, { result: 'old shape' });
  await until(async () => (await queue.job(TRANSACTIONAL.name, id!))?.state === 'failed');
  expect(received).toEqual([]);
});
